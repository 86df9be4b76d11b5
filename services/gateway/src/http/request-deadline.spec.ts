import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Fastify from 'fastify';
import { Writable } from 'node:stream';
import { installRequestDeadline, REQUEST_DEADLINE_MESSAGE } from './request-deadline.js';

describe('installRequestDeadline', () => {
  // The log lines the app writes, as JSON objects.
  const logged: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logged.push(JSON.parse(String(chunk)));
      done();
    },
  });
  // The socket's own idle timeout is far longer: only the deadline can answer a handler that never does.
  const app = Fastify({ connectionTimeout: 60_000, logger: { level: 'info', stream } });
  installRequestDeadline(app, 300, 5);
  let release: () => void = () => undefined;
  const never = new Promise<void>((resolve) => (release = resolve));
  app.get('/stuck', async () => {
    await never;
    return { late: true };
  });
  let releaseLate: () => void = () => undefined;
  const late = new Promise<void>((resolve) => (releaseLate = resolve));
  let lateDone: () => void = () => undefined;
  const lateAnswered = new Promise<void>((resolve) => (lateDone = resolve));
  app.get('/late', async (_request, reply) => {
    await late;
    await reply.send({ late: true });
    lateDone();
  });
  app.get('/ok', async () => ({ ok: true }));
  app.addContentTypeParser('multipart/form-data', (_request, payload, done) => {
    payload.resume();
    payload.on('end', () => done(null));
  });
  app.post('/upload', async () => {
    await new Promise((r) => setTimeout(r, 600));
    return { uploaded: true };
  });
  let base = '';
  beforeAll(async () => {
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    release();
    await app.close();
  });

  it('answers a handler that never finishes with a 503 in the error envelope and Retry-After', async () => {
    const response = await fetch(`${base}/stuck`, { headers: { 'x-request-id': 'r1' } });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await response.json()).toMatchObject({
      statusCode: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: REQUEST_DEADLINE_MESSAGE,
    });
  });

  it('keeps the 503 when the handler answers after the deadline, without a warning for it', async () => {
    const response = await fetch(`${base}/late`);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    releaseLate();
    await lateAnswered;
    const warnings = logged.filter((line) => line.level >= 40).map((line) => line.msg);
    expect(warnings).toContain('request deadline passed');
    expect(warnings.filter((msg) => /already sent/i.test(msg))).toEqual([]);
  });

  it('leaves answered requests alone', async () => {
    const response = await fetch(`${base}/ok`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });

  it('leaves uploads to their own limits', async () => {
    const form = new FormData();
    form.append('file', new Blob(['a,b\n']), 'x.csv');
    const response = await fetch(`${base}/upload`, { method: 'POST', body: form });
    expect(response.status).toBe(200);
  });
});
