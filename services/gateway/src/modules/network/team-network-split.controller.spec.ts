import { describe, expect, it } from '@jest/globals';
import {
  COMPACT_NETWORK_MEDIA_TYPE,
  type networkTeamSplitContracts,
  type RequestOf,
  type TeamSplitRef,
} from '@warmpath/contracts';
import type { BusClient } from '@warmpath/server-kit';
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Readable } from 'node:stream';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { fakeReply } from './fake-reply.testing.js';
import { NetworkSnapshotService } from './network-snapshot.service.js';
import { TeamNetworkSplitController } from './team-network-split.controller.js';

const BASE: TeamSplitRef = {
  key: 'network:team-base:v1:4:fp',
  fields: { br: 'compact-br', gzip: 'compact-gzip' },
  etag: '"b1-fp"',
  version: 'fp',
};
const PATCH: TeamSplitRef = {
  key: 'network:team-patches:v1:4:fp',
  fields: { br: '7:br', gzip: '7:gzip' },
  etag: '"p1-fp-7"',
  version: 'fp',
};
type SplitRequest = RequestOf<typeof networkTeamSplitContracts.getBase>;

/**
 * One route over a network service answering `ref` (recording what it was asked) and a Redis
 * holding `stored` (key → field → bytes); `reply` records what the route answered.
 */
async function read(
  route: 'base' | 'patch',
  headers: Record<string, string>,
  stored: Record<string, Record<string, Buffer>>,
) {
  const asked: SplitRequest[] = [];
  const bus = {
    request: async (_contract: unknown, payload: SplitRequest) => {
      asked.push(payload);
      return route === 'base' ? BASE : PATCH;
    },
  } as unknown as BusClient;
  const redis = {
    hgetBuffer: async (key: string, field: string) => stored[key]?.[field] ?? null,
  } as unknown as Redis;
  const { reply, answer } = fakeReply();
  const controller = new TeamNetworkSplitController(bus, new NetworkSnapshotService(bus, redis));
  await controller[route](7, '4', { headers } as FastifyRequest, reply);
  return { ...answer, asked };
}

const STORED: Record<string, Record<string, Buffer>> = {
  [BASE.key]: { 'compact-br': Buffer.from('base-br'), 'compact-gzip': gzipSync('base') },
  // No gzip: it is made when a client first asks for it (the request says so).
  'brotli-only': { '7:br': brotliCompressSync('the patch') },
  [PATCH.key]: { '7:br': Buffer.from('patch-br'), '7:gzip': gzipSync('patch') },
};

describe('GET /api/teams/{id}/network/base and /patch in the gateway', () => {
  it('answers the base compact, brotli, with its strong ETag and the pooled route’s caching', async () => {
    const sent = await read('base', { 'accept-encoding': 'gzip, br' }, STORED);
    expect(sent.status).toBe(200);
    expect(String(sent.body)).toBe('base-br');
    expect(sent.headers).toMatchObject({
      etag: '"b1-fp"',
      'content-type': COMPACT_NETWORK_MEDIA_TYPE,
      'content-encoding': 'br',
      'cache-control': 'private, no-cache',
      'x-network-version': 'fp',
    });
    // It tells the network service it reads brotli: no gzip is made for it.
    expect(sent.asked).toEqual([{ userId: 7, teamId: 4, recheck: false, encoding: 'br' }]);
  });

  it('answers the caller’s patch as JSON, gzip when that is all the client accepts', async () => {
    const sent = await read('patch', { 'accept-encoding': 'gzip' }, STORED);
    expect(sent.status).toBe(200);
    expect(sent.headers).toMatchObject({
      etag: '"p1-fp-7"',
      'content-type': 'application/json; charset=utf-8',
      'content-encoding': 'gzip',
    });
    // ...and tells the network service, which makes the gzip bytes on this first ask.
    expect(sent.asked.map((asked) => asked.encoding)).toEqual(['gzip']);
  });

  it('answers a client that accepts no encoding the brotli bytes decompressed, asking for no gzip', async () => {
    const brotliOnly = { ...PATCH, key: 'brotli-only' };
    const asked: SplitRequest[] = [];
    const bus = {
      request: async (_contract: unknown, payload: SplitRequest) => (asked.push(payload), brotliOnly),
    } as unknown as BusClient;
    const redis = {
      hgetBuffer: async (key: string, field: string) => STORED[key]?.[field] ?? null,
    } as unknown as Redis;
    const { reply, answer } = fakeReply();
    const controller = new TeamNetworkSplitController(bus, new NetworkSnapshotService(bus, redis));
    await controller.patch(7, '4', { headers: { 'accept-encoding': 'identity' } } as FastifyRequest, reply);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    const chunks: Buffer[] = [];
    for await (const chunk of answer.body as Readable) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('the patch');
    expect(asked.map((request) => request.encoding)).toEqual(['br']);
  });

  it('answers 304 on the current ETag without reading the bytes', async () => {
    for (const [route, etag] of [
      ['base', '"b1-fp"'],
      ['patch', '"p1-fp-7"'],
    ] as const) {
      const sent = await read(route, { 'accept-encoding': 'br', 'if-none-match': etag }, {});
      expect(sent.status).toBe(304);
      expect(sent.headers.etag).toBe(etag);
      expect(sent.body).toBeUndefined();
    }
  });

  it('answers 200 for an older ETag', async () => {
    const sent = await read('base', { 'accept-encoding': 'br', 'if-none-match': '"b1-older"' }, STORED);
    expect(sent.status).toBe(200);
  });

  it('asks the network service again when the bytes are gone, and answers 503 when still gone', async () => {
    const sent = read('patch', { 'accept-encoding': 'br' }, {});
    await expect(sent).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });
});
