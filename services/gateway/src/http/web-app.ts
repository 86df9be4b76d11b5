import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const API_PREFIXES = ['/api/', '/auth/linkedin', '/health/', '/metrics'];

/**
 * Serves the built web app. Unknown GET paths outside the API get index.html (history fallback),
 * so the client router can show its own not-found page; API paths keep JSON 404s.
 */
export async function serveWebApp(fastify: FastifyInstance, webDist: string): Promise<void> {
  const hasBuild = existsSync(join(webDist, 'index.html'));
  if (hasBuild) {
    await fastify.register(fastifyStatic, { root: webDist, wildcard: false, index: false, cacheControl: false });
    // Hashed assets never change; index.html must always be revalidated.
    fastify.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
    });
  }
  // Static routes (files, API) win over this wildcard in find-my-way, so it only sees unknown GETs.
  fastify.get('/*', (request, reply) => {
    const isApi = API_PREFIXES.some((p) => request.url.startsWith(p)) || request.url === '/api';
    if (isApi || !hasBuild) {
      void reply.status(404).send({
        statusCode: 404,
        code: 'NOT_FOUND',
        message: hasBuild || isApi ? `Route ${request.method} ${request.url.split('?')[0]} not found` : 'The web app is not built (run npm run build)',
        error: 'Not Found',
        requestId: request.id,
      });
      return;
    }
    void reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
