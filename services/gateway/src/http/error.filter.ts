import {
  Catch,
  HttpException,
  Inject,
  NotFoundException,
  type ArgumentsHost,
  type ExceptionFilter,
} from '@nestjs/common';
import type { ErrorCode, FieldError, HttpError } from '@warmpath/contracts';
import { LOGGER, SERVICE_CONFIG, ServiceError, toUnavailableError } from '@warmpath/server-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { GatewayConfig } from '../config/gateway.config.js';
import { codeOfStatus, httpStatusOf, retryAfterOf } from './error-status.js';
import { sendAppShell } from './web-app.js';

/** A 503 tells clients when to try again: outages the stack heals from last seconds (docs/operations.md). */
export const RETRY_AFTER_SECONDS = 5;

/** Every error leaves the gateway as the same JSON envelope, never with internals or a stack trace. */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  constructor(
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(SERVICE_CONFIG) private readonly config: GatewayConfig,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    // No route matched: a page of the web app (history fallback), unless it is an API path.
    if (exception instanceof NotFoundException && sendAppShell(request, reply, this.config.WEB_DIST)) return;
    const { status, code, message, fields, retryAfterSeconds, existingId } = this.describe(exception);
    if (status >= 500)
      this.logger.error({ err: exception, requestId: request.id, url: request.url }, message);
    // The request deadline (request-deadline.ts) already answered 503: the client has its answer.
    if (reply.sent) return;
    const body: HttpError = { statusCode: status, code, message, error: message, requestId: request.id };
    if (fields) body.fields = fields;
    if (existingId) body.existingId = existingId;
    const retryAfter = retryAfterOf(status, retryAfterSeconds, RETRY_AFTER_SECONDS);
    if (retryAfter) reply.header('retry-after', String(retryAfter));
    void reply.status(status).header('content-type', 'application/json; charset=utf-8').send(body);
  }

  private describe(exception: unknown): {
    status: number;
    code: ErrorCode;
    message: string;
    fields?: FieldError[];
    retryAfterSeconds?: number;
    existingId?: number;
  } {
    if (exception instanceof ServiceError) {
      const status = httpStatusOf(exception.code);
      const message = status === 500 ? 'Internal server error' : exception.message;
      return {
        status,
        code: exception.code,
        message,
        fields: exception.fields,
        retryAfterSeconds: exception.retryAfterSeconds,
        existingId: exception.existingId,
      };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const response = exception.getResponse();
      const message =
        typeof response === 'object' &&
        response &&
        'message' in response &&
        typeof response.message === 'string'
          ? response.message
          : exception.message;
      return {
        status,
        code: codeOfStatus(status),
        message: status >= 500 ? 'Internal server error' : message,
      };
    }
    const status = (exception as { statusCode?: number })?.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      // Fastify's own client errors (body too large, bad JSON, unsupported type).
      return { status, code: codeOfStatus(status), message: (exception as Error).message };
    }
    const unavailable = toUnavailableError(exception);
    if (unavailable) return { status: 503, code: unavailable.code, message: unavailable.message };
    return { status: 500, code: 'INTERNAL', message: 'Internal server error' };
  }
}
