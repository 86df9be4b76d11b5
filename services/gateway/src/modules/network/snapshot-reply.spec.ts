import { describe, expect, it } from '@jest/globals';
import { COMPACT_NETWORK_MEDIA_TYPE, type NetworkSnapshotRef, type SnapshotField } from '@warmpath/contracts';
import type { FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { fakeReply } from './fake-reply.testing.js';
import { sendSnapshot } from './snapshot-reply.js';

const REF: NetworkSnapshotRef = {
  key: 'network:snapshot:7:1-x',
  etag: 'W/"json"',
  version: '1',
  bytes: { identity: 2, br: 1, gzip: 1 },
  compact: { etag: 'W/"compact"', bytes: { identity: 2, br: 1, gzip: 1 } },
  connections: 1,
  relationships: 0,
};

async function answer(headers: Record<string, string>) {
  const { reply, answer: sent } = fakeReply();
  const read: SnapshotField[] = [];
  await sendSnapshot({ headers } as FastifyRequest, reply, REF, async (field) => {
    read.push(field);
    return { ref: REF, bytes: field.endsWith('gzip') ? gzipSync(`bytes of ${field}`) : Buffer.from(field) };
  });
  return { ...sent, read };
}

async function text(stream: unknown): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as Readable) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

describe('sendSnapshot', () => {
  it('answers the plain JSON by default, with its ETag, varying on Accept', async () => {
    const sent = await answer({ 'accept-encoding': 'br' });
    expect(sent.read).toEqual(['br']);
    expect(sent.headers).toMatchObject({
      etag: 'W/"json"',
      'content-type': 'application/json; charset=utf-8',
      'content-encoding': 'br',
      vary: 'Accept, Accept-Encoding, Cookie',
    });
  });

  it('answers the compact representation to a client that asks for it, under its own ETag', async () => {
    const sent = await answer({ accept: COMPACT_NETWORK_MEDIA_TYPE, 'accept-encoding': 'gzip, br' });
    expect(sent.read).toEqual(['compact-br']);
    expect(sent.headers).toMatchObject({
      etag: 'W/"compact"',
      'content-type': COMPACT_NETWORK_MEDIA_TYPE,
      'content-encoding': 'br',
    });
    const gzip = await answer({ accept: COMPACT_NETWORK_MEDIA_TYPE, 'accept-encoding': 'gzip' });
    expect(gzip.read).toEqual(['compact-gzip']);
  });

  it('decompresses the compact representation for a client that accepts no compression', async () => {
    const sent = await answer({ accept: COMPACT_NETWORK_MEDIA_TYPE });
    expect(sent.headers['content-encoding']).toBeUndefined();
    expect(await text(sent.body)).toBe('bytes of compact-gzip');
  });

  it('answers 304 only to the ETag of the representation asked for', async () => {
    const compact = await answer({ accept: COMPACT_NETWORK_MEDIA_TYPE, 'if-none-match': 'W/"compact"' });
    expect(compact.status).toBe(304);
    expect(compact.read).toEqual([]);
    expect(compact.headers.etag).toBe('W/"compact"');
    const json = await answer({ 'if-none-match': 'W/"json"' });
    expect(json.status).toBe(304);
    const crossed = await answer({ accept: COMPACT_NETWORK_MEDIA_TYPE, 'if-none-match': 'W/"json"' });
    expect(crossed.status).toBe(200);
    expect(crossed.read).toEqual(['compact-gzip']);
    const back = await answer({ accept: 'application/json', 'if-none-match': 'W/"compact"' });
    expect(back.status).toBe(200);
    expect(back.headers.etag).toBe('W/"json"');
  });
});
