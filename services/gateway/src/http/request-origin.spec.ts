import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Fastify from 'fastify';
import {
  allowedOrigins,
  CROSS_SITE_REFUSED,
  installRequestOriginChecks,
  JSON_ONLY,
} from './request-origin.js';

describe('installRequestOriginChecks', () => {
  const app = Fastify();
  installRequestOriginChecks(app, allowedOrigins('', 'https://warmpath.example.com/'));
  app.addContentTypeParser('multipart/form-data', (_request, payload, done) => {
    payload.resume();
    payload.on('end', () => done(null, 'multipart'));
  });
  app.post('/api/login', async () => ({ signedIn: true }));
  app.delete('/api/thing', async () => ({ deleted: true }));
  app.post('/api/network/import', async () => ({ uploaded: true }));
  let base = '';
  let host = '';
  // A real socket: fastify.inject's light-my-request loads an ESM-only dependency jest cannot require.
  beforeAll(async () => {
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    host = new URL(base).host;
  });
  afterAll(() => app.close());

  const post = (headers: Record<string, string>, body = '{"username":"a"}', path = '/api/login') =>
    fetch(base + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });

  it.each([
    ['the configured public origin', { origin: 'https://warmpath.example.com' }],
    ['the host the browser addressed', { origin: 'http://HOST' }],
    ['a same-origin fetch without Origin', { 'sec-fetch-site': 'same-origin' }],
    ['a client that is not a browser (no Origin, no Sec-Fetch-Site)', {}],
  ])('lets %s through', async (_, headers) => {
    const withHost = Object.fromEntries(
      Object.entries(headers).map(([k, v]) => [k, v.replace('HOST', host)]),
    );
    const response = await post(withHost);
    expect(response.status).toBe(200);
  });

  it.each([
    ['another site', { origin: 'https://attacker.example' }],
    ['another port of the same host', { origin: 'http://127.0.0.1:1' }],
    ['an opaque origin', { origin: 'null' }],
    ['a cross-site request without Origin', { 'sec-fetch-site': 'cross-site' }],
    ['a same-site request of another origin without Origin', { 'sec-fetch-site': 'same-site' }],
  ])('refuses %s with 403 in the error envelope', async (_, headers) => {
    const response = await post(headers);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({
      statusCode: 403,
      code: 'FORBIDDEN',
      message: CROSS_SITE_REFUSED,
      requestId: expect.any(String),
    });
  });

  it('refuses a cross-site DELETE without a body too', async () => {
    const response = await fetch(`${base}/api/thing`, {
      method: 'DELETE',
      headers: { origin: 'https://attacker.example' },
    });
    expect(response.status).toBe(403);
  });

  it.each([
    ['a form', 'application/x-www-form-urlencoded', 'username=a&password=b'],
    ['a text/plain form carrying JSON', 'text/plain', '{"username":"a","password":"b"}'],
    ['multipart on a JSON route', 'multipart/form-data; boundary=x', '--x--'],
  ])('answers %s body 415 in the error envelope', async (_, type, body) => {
    const response = await post({ 'content-type': type }, body);
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', message: JSON_ONLY });
  });

  it('leaves the body of an upload route to it (it reads multipart only, with its own messages)', async () => {
    const multipart = await post(
      { 'content-type': 'multipart/form-data; boundary=x' },
      '--x--',
      '/api/network/import',
    );
    expect(multipart.status).toBe(200);
    const crossSite = await post(
      { origin: 'https://attacker.example', 'content-type': 'multipart/form-data; boundary=x' },
      '--x--',
      '/api/network/import',
    );
    expect(crossSite.status).toBe(403);
  });

  it('reads ALLOWED_ORIGINS as a list of origins, paths dropped', () => {
    expect([
      ...allowedOrigins(' https://a.example/app , http://b.example:8080', 'https://x.example'),
    ]).toEqual(['https://a.example', 'http://b.example:8080']);
  });
});
