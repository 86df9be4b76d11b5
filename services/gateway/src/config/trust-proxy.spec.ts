import { afterEach, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import { request } from 'node:http';
import { trustProxySchema } from './trust-proxy.js';

/** GET / from `localAddress` with an X-Forwarded-For; answers the client address the app saw. */
function clientSeen(base: string, localAddress: string, forwardedFor: string): Promise<string> {
  return new Promise((resolve, reject) => {
    request(`${base}/`, { localAddress, headers: { 'x-forwarded-for': forwardedFor } }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve(text));
    })
      .on('error', reject)
      .end();
  });
}

describe('TRUST_PROXY', () => {
  let app: FastifyInstance | undefined;
  afterEach(() => app?.close());

  async function serve(setting: string): Promise<string> {
    app = Fastify({ trustProxy: trustProxySchema.parse(setting) });
    app.get('/', async (req) => req.ip);
    return app.listen({ port: 0, host: '127.0.0.1' });
  }

  it.each([
    ['', false],
    ['false', false],
    ['10.0.0.0/8, 192.168.1.7,fd00::/8', ['10.0.0.0/8', '192.168.1.7', 'fd00::/8']],
  ])('reads %j as %j', (value, expected) => {
    expect(trustProxySchema.parse(value)).toEqual(expected);
  });

  it.each(['true', '1', 'proxy.local', '10.0.0.0/33', '10.0.0.1/8/1'])('refuses %j', (value) => {
    expect(trustProxySchema.safeParse(value).error?.issues[0]?.message).toBe(
      'must be empty or a comma-separated list of proxy addresses or CIDRs',
    );
  });

  it('by default ignores X-Forwarded-For: the socket is the client', async () => {
    const base = await serve('');
    expect(await clientSeen(base, '127.0.0.2', '203.0.113.9')).toBe('127.0.0.2');
  });

  it('believes X-Forwarded-For from a configured proxy, and only from it', async () => {
    const base = await serve('127.0.0.2');
    expect(await clientSeen(base, '127.0.0.2', '203.0.113.9')).toBe('203.0.113.9');
    expect(await clientSeen(base, '127.0.0.3', '203.0.113.9')).toBe('127.0.0.3');
  });
});
