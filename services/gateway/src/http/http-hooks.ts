import { httpRequestDuration, requestContext } from '@warmpath/server-kit';
import type { FastifyInstance } from 'fastify';

/** Request id in every response and in the async context (so it reaches NATS headers and logs). */
export function installHttpHooks(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    requestContext.enterWith({ requestId: request.id });
    done();
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    httpRequestDuration.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
}
