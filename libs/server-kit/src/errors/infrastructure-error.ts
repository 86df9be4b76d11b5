import {
  ClosedConnectionError,
  ConnectionError,
  DrainingConnectionError,
  NoRespondersError,
  TimeoutError,
} from '@nats-io/transport-node';
import { ServiceError } from './service-error.js';

/** What a caller is told while a database, Redis or NATS cannot be reached. */
export const INFRASTRUCTURE_UNAVAILABLE =
  'The service is temporarily unavailable. Please try again in a moment.';

/** Socket-level failures: the peer is gone, refuses, or does not answer. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * Postgres SQLSTATEs of a server that is going away or cannot take the request now: class 08
 * (connection exception), 57P01-57P03 (admin/crash shutdown, cannot connect now), 53300 (too many
 * connections), 55P03 (a lock not granted within lock_timeout: the table is held by someone
 * else, as during a migration). 40001/40P01 are not here (a retry by the caller is the cure, not a 503).
 */
function isUnavailableSqlState(code: string): boolean {
  return (
    code.startsWith('08') ||
    code === '57P01' ||
    code === '57P02' ||
    code === '57P03' ||
    code === '53300' ||
    code === '55P03'
  );
}

/** Messages of pg, ioredis and the NATS client for a connection that is not there. */
const UNAVAILABLE_MESSAGES = [
  /connection terminated/i,
  /has encountered a connection error and is not queryable/,
  /timeout exceeded when trying to connect/i,
  /^Query read timeout$/,
  /connection is closed/i,
  /stream isn't writeable/i,
  /reached the max retries per request/i,
  /OOM command not allowed/,
  /^LOADING /,
  /^READONLY /,
];

/** NATS client errors of a connection that is gone or a peer that does not answer (e.g. the object store). */
const NATS_UNAVAILABLE = [
  ClosedConnectionError,
  ConnectionError,
  DrainingConnectionError,
  NoRespondersError,
  TimeoutError,
];

/** The error, its causes, and the errors an aborted Redis transaction carries (EXECABORT). */
function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = error; current && chain.length < 5;) {
    chain.push(current);
    const previous = (current as { previousErrors?: unknown }).previousErrors;
    if (Array.isArray(previous)) chain.push(...previous);
    current = current instanceof Error ? current.cause : undefined;
  }
  return chain;
}

function looksUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error instanceof ServiceError) return error.code === 'SERVICE_UNAVAILABLE';
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || isUnavailableSqlState(code))) return true;
  if (error.name === 'MaxRetriesPerRequestError') return true;
  if (NATS_UNAVAILABLE.some((type) => error instanceof type)) return true;
  return UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(error.message));
}

/**
 * The one place that decides whether an unexpected error means "infrastructure unreachable"
 * (Postgres, Redis or NATS down, restarting or full): such an error becomes SERVICE_UNAVAILABLE
 * (503, the caller may retry) instead of INTERNAL (500, a bug). Anything else is returned as null.
 */
export function toUnavailableError(error: unknown): ServiceError | null {
  if (error instanceof ServiceError) return error.code === 'SERVICE_UNAVAILABLE' ? error : null;
  return causes(error).some(looksUnavailable)
    ? new ServiceError('SERVICE_UNAVAILABLE', INFRASTRUCTURE_UNAVAILABLE)
    : null;
}
