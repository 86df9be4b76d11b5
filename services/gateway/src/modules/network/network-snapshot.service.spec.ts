import { describe, expect, it } from '@jest/globals';
import type { NetworkSnapshotRef } from '@warmpath/contracts';
import { ServiceError, type BusClient, type RequestOptions } from '@warmpath/server-kit';
import type { Redis } from 'ioredis';
import { NetworkSnapshotService, SNAPSHOT_UNAVAILABLE } from './network-snapshot.service.js';

const ref = (key: string): NetworkSnapshotRef => ({
  key,
  etag: `W/"${key}"`,
  version: '1',
  bytes: { identity: 10, br: 3, gzip: 4 },
  connections: 1,
  relationships: 0,
});

/** A bus answering the given refs in turn, and a Redis holding the given hashes. */
function fakes(refs: NetworkSnapshotRef[], hashes: Record<string, Record<string, Buffer>>) {
  const asked: (RequestOptions | undefined)[] = [];
  const payloads: unknown[] = [];
  const reads: string[] = [];
  const bus = {
    request: async (_contract: unknown, payload: unknown, options?: RequestOptions) => {
      asked.push(options);
      payloads.push(payload);
      return refs[Math.min(asked.length - 1, refs.length - 1)];
    },
  } as unknown as BusClient;
  const redis = {
    hgetBuffer: async (key: string, field: string) => {
      reads.push(`${key}/${field}`);
      return hashes[key]?.[field] ?? null;
    },
  } as unknown as Redis;
  return { service: new NetworkSnapshotService(bus, redis), asked, reads, payloads };
}

describe('NetworkSnapshotService', () => {
  it('gives the network service the long budget of a snapshot build', async () => {
    const { service, asked } = fakes([ref('k1')], {});
    await service.ref(7);
    expect(asked[0]?.timeoutMs).toBeGreaterThanOrEqual(30_000);
  });

  it('reads a snapshot once from Redis, then from memory', async () => {
    const { service, reads } = fakes([ref('k1')], { k1: { br: Buffer.from('br!') } });
    const first = await service.body(7, ref('k1'), 'br');
    const second = await service.body(7, ref('k1'), 'br');
    expect(first.bytes.toString()).toBe('br!');
    expect(second.bytes.toString()).toBe('br!');
    expect(reads).toEqual(['k1/br']);
  });

  it('asks again when the snapshot it was told of is gone, and answers the new one', async () => {
    const { service, asked, payloads } = fakes([ref('k2')], { k2: { gzip: Buffer.from('gz') } });
    const body = await service.body(7, ref('k1'), 'gzip');
    expect(body.ref.key).toBe('k2');
    expect(body.bytes.toString()).toBe('gz');
    expect(asked).toHaveLength(1);
    // The network service must look in Redis, not trust its memory of the lost snapshot.
    expect(payloads[0]).toEqual({ userId: 7, recheck: true });
  });

  it('answers 503 (SERVICE_UNAVAILABLE) when Redis loses the snapshot twice in a row', async () => {
    const { service } = fakes([ref('k2'), ref('k3')], {});
    const failure = service.body(7, ref('k1'), 'br');
    await expect(failure).rejects.toBeInstanceOf(ServiceError);
    await expect(failure).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: SNAPSHOT_UNAVAILABLE });
  });
});
