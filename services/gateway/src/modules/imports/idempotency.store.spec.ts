import { afterAll, describe, expect, it } from '@jest/globals';
import type { ServiceError } from '@warmpath/server-kit';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import {
  IDEMPOTENCY_KEY_BUSY,
  IDEMPOTENCY_KEY_REUSED,
  IDEMPOTENCY_TTL_SECONDS,
  IdempotencyStore,
  INVALID_IDEMPOTENCY_KEY,
} from './idempotency.store.js';

const prefix = `idempotency-spec-${randomBytes(4).toString('hex')}:`;
const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { keyPrefix: prefix });
const store = new IdempotencyStore(redis);

afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys.map((key) => key.slice(prefix.length)));
  redis.disconnect();
});

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: ServiceError) => ({ code: error.code, message: error.message }),
  );

describe('IdempotencyStore', () => {
  it('reads the header: absent, well-formed, or 400', () => {
    expect(IdempotencyStore.keyOf(undefined)).toBeUndefined();
    expect(IdempotencyStore.keyOf('wp-import-abc123')).toBe('wp-import-abc123');
    for (const bad of ['', 'has space', 'é', 'x'.repeat(256), ['a', 'b']])
      expect(() => IdempotencyStore.keyOf(bad)).toThrow(INVALID_IDEMPOTENCY_KEY);
  });

  it('answers the first import to a retry of the same bytes, and 409 for other bytes', async () => {
    expect(await store.claim(1, 'k1', 'SHA-256=aaa', 'import-1')).toEqual({ first: true });
    await store.recorded(1, 'k1', 'SHA-256=aaa', 'import-1');
    expect(await store.claim(1, 'k1', 'SHA-256=aaa', 'import-2')).toEqual({
      first: false,
      importId: 'import-1',
    });
    expect(await failure(store.claim(1, 'k1', 'SHA-256=bbb', 'import-3'))).toEqual({
      code: 'CONFLICT',
      message: IDEMPOTENCY_KEY_REUSED,
    });
    const [key = ''] = await redis.keys(`${prefix}idempotency:1:*`);
    const ttl = await redis.ttl(key.slice(prefix.length));
    expect(ttl).toBeGreaterThan(IDEMPOTENCY_TTL_SECONDS - 60);
  });

  it('keeps keys per user', async () => {
    expect(await store.claim(2, 'shared', 'SHA-256=aaa', 'import-a')).toEqual({ first: true });
    expect(await store.claim(3, 'shared', 'SHA-256=bbb', 'import-b')).toEqual({ first: true });
  });

  it('makes a concurrent duplicate wait for the first to record its import, then answer it', async () => {
    await store.claim(4, 'k', 'SHA-256=aaa', 'import-1');
    const duplicate = store.claim(4, 'k', 'SHA-256=aaa', 'import-2');
    await store.recorded(4, 'k', 'SHA-256=aaa', 'import-1');
    expect(await duplicate).toEqual({ first: false, importId: 'import-1' });
  });

  it('lets a retry start afresh when the first failed before recording, and gives up on one that never records', async () => {
    await store.claim(5, 'k', 'SHA-256=aaa', 'import-1');
    expect(await failure(store.claim(5, 'k', 'SHA-256=aaa', 'import-2', 200))).toEqual({
      code: 'CONFLICT',
      message: IDEMPOTENCY_KEY_BUSY,
    });
    await store.release(5, 'k', 'SHA-256=aaa', 'import-1');
    expect(await store.claim(5, 'k', 'SHA-256=aaa', 'import-2')).toEqual({ first: true });
    // A stale release (of a claim no longer held) leaves the new claim alone.
    await store.release(5, 'k', 'SHA-256=aaa', 'import-1');
    await store.recorded(5, 'k', 'SHA-256=aaa', 'import-2');
    expect(await store.claim(5, 'k', 'SHA-256=aaa', 'import-3')).toEqual({
      first: false,
      importId: 'import-2',
    });
  });
});
