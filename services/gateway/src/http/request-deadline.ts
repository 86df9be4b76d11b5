import type { HttpError } from '@warmpath/contracts';
import type { FastifyInstance } from 'fastify';

export const REQUEST_DEADLINE_MESSAGE = 'The request took too long. Please try again in a moment.';

/**
 * Every request gets an answer: a handler still busy after `deadlineMs` (a service stuck, a bus
 * request with a longer timeout) is answered 503 in the error envelope, before the socket's own
 * idle timeout could close the connection with no response at all. Uploads (bounded by their own
 * limits and wait) and responses already streaming (SSE) are left alone. The handler's own answer,
 * when it comes after that, is dropped: the client has its 503 (docs/operations.md "What a user sees").
 */
export function installRequestDeadline(
  fastify: FastifyInstance,
  deadlineMs: number,
  retryAfterSeconds: number,
): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    if (/^multipart\//i.test(request.headers['content-type'] ?? '')) return done();
    const timer = setTimeout(() => {
      if (reply.sent || reply.raw.headersSent) return;
      request.log.warn({ url: request.url, deadlineMs }, 'request deadline passed');
      const body: HttpError = {
        statusCode: 503,
        code: 'SERVICE_UNAVAILABLE',
        message: REQUEST_DEADLINE_MESSAGE,
        error: REQUEST_DEADLINE_MESSAGE,
        requestId: request.id,
      };
      const send = reply.send.bind(reply);
      reply
        .status(503)
        .header('retry-after', String(retryAfterSeconds))
        .header('content-type', 'application/json; charset=utf-8');
      void send(body);
      // Whatever the handler sends later finds the reply answered: only the 503 goes out, and the
      // late answer is not a "Reply was already sent" warning per request.
      reply.send = () => {
        request.log.debug({ url: request.url }, 'late answer after the request deadline dropped');
        return reply;
      };
    }, deadlineMs);
    timer.unref();
    reply.raw.once('close', () => clearTimeout(timer));
    done();
  });
}
