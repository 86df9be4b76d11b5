import { afterAll, describe, expect, it } from '@jest/globals';
import {
  networkGenerationKey,
  networkSnapshotPointerKey,
  type NetworkSnapshotPointer,
  type NetworkSnapshotRef,
} from '@warmpath/contracts';
import { ServiceError, type BusClient, type RequestOptions } from '@warmpath/server-kit';
import { unreachableRedis } from '@warmpath/testing';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { NetworkSnapshotService, SNAPSHOT_UNAVAILABLE } from './network-snapshot.service.js';

const ref = (key: string): NetworkSnapshotRef => ({
  key,
  etag: `W/"${key}"`,
  version: '1',
  bytes: { identity: 10, br: 3, gzip: 4 },
  compact: { etag: `W/"c-${key}"`, bytes: { identity: 5, br: 2, gzip: 3 } },
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

  it('fails every reader of a failed read, and reads again for the next one', async () => {
    let calls = 0;
    const redis = {
      hgetBuffer: async () => {
        calls += 1;
        await new Promise((resolve) => setTimeout(resolve, 10));
        if (calls === 1) throw new Error('Connection is closed.');
        return Buffer.from('br!');
      },
    } as unknown as Redis;
    const service = new NetworkSnapshotService({} as BusClient, redis);
    const first = [service.bytesAt('k1', 'br'), service.bytesAt('k1', 'br')];
    for (const read of first) await expect(read).rejects.toThrow('Connection is closed.');
    expect((await service.bytesAt('k1', 'br'))?.toString()).toBe('br!');
    expect(calls).toBe(2);
  });

  it('answers 503 (SERVICE_UNAVAILABLE) when Redis loses the snapshot twice in a row', async () => {
    const { service } = fakes([ref('k2'), ref('k3')], {});
    const failure = service.body(7, ref('k1'), 'br');
    await expect(failure).rejects.toBeInstanceOf(ServiceError);
    await expect(failure).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: SNAPSHOT_UNAVAILABLE,
    });
  });
});

describe('NetworkSnapshotService.current: the pointer the network service publishes', () => {
  const prefix = `warmpath-test-gw-pointer-${randomBytes(4).toString('hex')}:`;
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { keyPrefix: prefix });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys.map((k) => k.slice(prefix.length)));
    await redis.quit();
  });

  const NOW = new Date('2026-06-15T12:00:00Z');
  let nextUser = 100;
  /** A user whose network service answers `k-nats`, with a pointer to `k-pointer` published. */
  async function published(overrides: Partial<NetworkSnapshotPointer> = {}, generation?: number) {
    const userId = nextUser++;
    const asked: unknown[] = [];
    const bus = {
      request: async (_contract: unknown, payload: unknown) => {
        asked.push(payload);
        return ref('k-nats');
      },
    } as unknown as BusClient;
    const pointer: NetworkSnapshotPointer = {
      ref: ref('k-pointer'),
      generation: '3',
      day: '2026-06-15',
      validUntil: NOW.getTime() + 5000,
      ...overrides,
    };
    await redis.set(networkSnapshotPointerKey(userId), JSON.stringify(pointer));
    await redis.set(networkGenerationKey(userId), String(generation ?? 3));
    return { userId, asked, service: new NetworkSnapshotService(bus, redis) };
  }

  it('serves a current pointer without asking the network service', async () => {
    const { userId, asked, service } = await published();
    expect((await service.current(userId, NOW)).key).toBe('k-pointer');
    expect((await service.current(userId, NOW)).key).toBe('k-pointer');
    expect(asked).toEqual([]);
  });

  it('asks the network service after a write (the generation moved on)', async () => {
    const { userId, asked, service } = await published({}, 4);
    expect((await service.current(userId, NOW)).key).toBe('k-nats');
    expect(asked).toEqual([{ userId, recheck: false }]);
  });

  it('asks again when the generation moves on after the pointer was served', async () => {
    const { userId, asked, service } = await published();
    expect((await service.current(userId, NOW)).key).toBe('k-pointer');
    await redis.incr(networkGenerationKey(userId));
    expect((await service.current(userId, NOW)).key).toBe('k-nats');
    expect(asked).toHaveLength(1);
  });

  it('asks the network service on a new UTC day and once the own profile may be stale', async () => {
    const { userId, asked, service } = await published();
    expect((await service.current(userId, new Date('2026-06-16T00:00:01Z'))).key).toBe('k-nats');
    expect((await service.current(userId, new Date(NOW.getTime() + 5000))).key).toBe('k-nats');
    expect(asked).toHaveLength(2);
  });

  it('treats a missing generation as "0", and a missing or malformed pointer as none', async () => {
    const zero = await published({ generation: '0' });
    await redis.del(networkGenerationKey(zero.userId));
    expect((await zero.service.current(zero.userId, NOW)).key).toBe('k-pointer');
    const broken = await published();
    await redis.set(networkSnapshotPointerKey(broken.userId), '{not json');
    expect((await broken.service.current(broken.userId, NOW)).key).toBe('k-nats');
    await redis.set(networkSnapshotPointerKey(broken.userId), JSON.stringify({ ref: 'k' }));
    expect((await broken.service.current(broken.userId, NOW)).key).toBe('k-nats');
    await redis.del(networkSnapshotPointerKey(broken.userId));
    expect((await broken.service.current(broken.userId, NOW)).key).toBe('k-nats');
  });

  it('reads bytes many readers ask for at once from Redis once, and a missing field again', async () => {
    const key = `split-${randomBytes(4).toString('hex')}`;
    const base = randomBytes(2 * 1024 * 1024);
    await redis.hset(key, 'br', base);
    let reads = 0;
    const counted = new Proxy(redis, {
      get: (target, property, receiver) =>
        property === 'hgetBuffer'
          ? (...args: Parameters<Redis['hgetBuffer']>) => ((reads += 1), target.hgetBuffer(...args))
          : Reflect.get(target, property, receiver),
    });
    const bus = { request: async () => ref('k-nats') } as unknown as BusClient;
    const service = new NetworkSnapshotService(bus, counted);
    const answers = await Promise.all(Array.from({ length: 50 }, () => service.bytesAt(key, 'br')));
    expect(answers.every((bytes) => bytes?.equals(base))).toBe(true);
    expect(reads).toBe(1);
    // Not stored yet: nothing is kept, and the field is read again once it is.
    expect(await Promise.all([service.bytesAt(key, 'gzip'), service.bytesAt(key, 'gzip')])).toEqual([
      null,
      null,
    ]);
    await redis.hset(key, 'gzip', Buffer.from('gz'));
    expect((await service.bytesAt(key, 'gzip'))?.toString()).toBe('gz');
    expect(reads).toBe(3);
  });

  it('asks the network service when Redis cannot be read', async () => {
    const down = unreachableRedis();
    const bus = { request: async () => ref('k-nats') } as unknown as BusClient;
    try {
      expect((await new NetworkSnapshotService(bus, down).current(7, NOW)).key).toBe('k-nats');
    } finally {
      down.disconnect();
    }
  });
});
