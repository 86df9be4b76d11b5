import type { ErrorCode, HttpError } from '@warmpath/contracts';
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { httpStatusOf } from './error-status.js';

export const REQUEST_TOO_SLOW =
  'The request took too long to arrive. Check your connection and try again; a large file may take several minutes on a slow link.';
export const MALFORMED_REQUEST =
  'The request could not be read (malformed HTTP, or a body that does not match its Content-Length).';
export const HEADERS_TOO_LARGE = 'The request headers are too large.';

/**
 * Errors Node's HTTP parser and timers raise before a request reaches Fastify's routing (a request
 * that did not arrive within UPLOAD_TIMEOUT_MS, malformed HTTP such as bytes past a lying
 * Content-Length, oversized headers): answered in the app's error envelope, not Fastify's.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [code, status, message]: [ErrorCode, number, string] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? ['REQUEST_TIMEOUT', httpStatusOf('REQUEST_TIMEOUT'), REQUEST_TOO_SLOW]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? ['VALIDATION_FAILED', 431, HEADERS_TOO_LARGE]
        : ['VALIDATION_FAILED', 400, MALFORMED_REQUEST];
  const body: HttpError = { statusCode: status, code, message, error: message, requestId: randomUUID() };
  const text = JSON.stringify(body);
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json; charset=utf-8\r\n` +
        `content-length: ${Buffer.byteLength(text)}\r\nx-request-id: ${body.requestId}\r\nconnection: close\r\n\r\n${text}`,
    );
  socket.destroy(error);
}
