import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Helmet's security headers on every answer. The middleware is built once here: @fastify/helmet
 * builds it anew for each request, a visible share of a cached GET /api/network's CPU
 * (docs/performance.md#figures-behind-choices-in-the-code).
 */
export function installSecurityHeaders(fastify: FastifyInstance): void {
  const apply = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        workerSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  fastify.addHook('onRequest', (request, reply, done) =>
    apply(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined)),
  );
}
