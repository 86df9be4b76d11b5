import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Fastify from 'fastify';
import { installSecurityHeaders } from './security-headers.js';

describe('installSecurityHeaders', () => {
  const app = Fastify();
  installSecurityHeaders(app);
  app.get('/ok', async () => ({ ok: true }));
  app.get('/fails', async () => {
    throw new Error('boom');
  });
  let base = '';
  // A real socket: fastify.inject's light-my-request loads an ESM-only dependency jest cannot require.
  beforeAll(async () => {
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  it.each(['/ok', '/fails', '/missing'])('puts the same headers on %s, answered or not', async (url) => {
    const headers = Object.fromEntries((await fetch(base + url)).headers);
    const policy = Object.fromEntries(
      (headers['content-security-policy'] ?? '')
        .split(';')
        .map((directive) => directive.split(/ (.*)/s).slice(0, 2)),
    );
    expect(policy).toMatchObject({
      'default-src': "'self'",
      'script-src': "'self'",
      'style-src': "'self' 'unsafe-inline'",
      'img-src': "'self' data: blob: https:",
      'worker-src': "'self' blob:",
      'connect-src': "'self'",
      'object-src': "'none'",
      'frame-ancestors': "'self'",
    });
    expect(headers['content-security-policy']).not.toContain('unsafe-eval');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['strict-transport-security']).toContain('max-age=');
  });
});
