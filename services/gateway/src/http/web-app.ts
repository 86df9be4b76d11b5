import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const API_PREFIXES = ['/api/', '/auth/linkedin', '/health/', '/metrics'];

const LAYOUT_WORKER = /^\/assets\/layout\.worker-[\w-]+\.js$/;
const LAYOUT_WORKER_CSP = "default-src 'self'; script-src 'self' 'unsafe-eval'";

export const isApiPath = (url: string) => url === '/api' || API_PREFIXES.some((p) => url.startsWith(p));

/** Registers the built web app's files. Unknown pages are answered by `sendAppShell` (history fallback). */
export async function serveWebApp(fastify: FastifyInstance, webDist: string): Promise<void> {
  if (!hasWebBuild(webDist)) return;
  // wildcard: files are looked up per request, so a rebuilt web app is served without a restart.
  await fastify.register(fastifyStatic, {
    root: webDist,
    wildcard: true,
    index: 'index.html',
    cacheControl: false,
  });
  // Hashed assets never change; index.html must always be revalidated.
  fastify.addHook('onSend', async (request, reply) => {
    // ngraph.forcelayout compiles its own physics functions (new Function, from its templates, never
    // from data): its worker, with no DOM, gets a policy that allows exactly that.
    if (LAYOUT_WORKER.test(request.url)) reply.header('content-security-policy', LAYOUT_WORKER_CSP);
    if (request.url.startsWith('/assets/'))
      reply.header('cache-control', 'public, max-age=31536000, immutable');
    else if (String(reply.getHeader('content-type') ?? '').startsWith('text/html'))
      reply.header('cache-control', 'no-cache');
  });
}

export function hasWebBuild(webDist: string): boolean {
  return existsSync(join(webDist, 'index.html'));
}

/**
 * A GET for a page no route serves gets index.html, so the client router can show its own page
 * (or its not-found page); API paths keep their JSON 404. Returns false when it did not answer.
 */
export function sendAppShell(request: FastifyRequest, reply: FastifyReply, webDist: string): boolean {
  const [path = ''] = request.url.split('?');
  // A missing file (/assets/x.js) stays a 404: a browser must never get HTML for a script.
  const isFile = /\.[A-Za-z0-9]+$/.test(path);
  if (request.method !== 'GET' || isFile || isApiPath(path) || !hasWebBuild(webDist)) return false;
  void reply.header('cache-control', 'no-cache').sendFile('index.html');
  return true;
}
