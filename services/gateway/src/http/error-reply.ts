import type { ErrorCode, HttpError } from '@warmpath/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { httpStatusOf } from './error-status.js';

/** The error envelope, sent from a Fastify hook (before Nest's filters can see the request). */
export function sendErrorReply(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  message: string,
): FastifyReply {
  const statusCode = httpStatusOf(code);
  const body: HttpError = { statusCode, code, message, error: message, requestId: request.id };
  return reply.status(statusCode).header('content-type', 'application/json; charset=utf-8').send(body);
}
