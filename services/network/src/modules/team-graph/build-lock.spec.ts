import { afterAll, describe, expect, it } from '@jest/globals';
import { metricsRegistry } from '@warmpath/server-kit';
import { unreachableRedis } from '@warmpath/testing';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { buildLockKey, BuildLocks } from './build-lock.js';

// The lock between replicas on the real Redis (docs/workspace-network.md#one-build-at-a-time-across-replicas):
// two BuildLocks on one Redis are two replicas.

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `warmpath-test-pool-lock-${randomBytes(4).toString('hex')}:`;
const redis = new Redis(REDIS_URL, { keyPrefix: prefix });
const LOCK_MS = 600;
const replica = (client: Redis = redis) => new BuildLocks(client, { TEAM_POOL_LOCK_MS: LOCK_MS });

afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys.map((k) => k.slice(prefix.length)));
  redis.disconnect();
});

let next = 1;
const version = () => `${next++}:fingerprint`;
const waits = async (outcome: string): Promise<number> => {
  const metric = await metricsRegistry.getSingleMetric('warmpath_workspace_pool_lock_wait_seconds')?.get();
  const count = metric?.values.find(
    (value) =>
      (value as { metricName?: string }).metricName?.endsWith('_count') && value.labels.outcome === outcome,
  );
  return count?.value ?? 0;
};

describe('BuildLocks', () => {
  it('gives a free version’s lock at once, for the lock’s time, and frees it on release', async () => {
    const key = version();
    const lock = await replica().claim(key);
    expect(lock).not.toBeNull();
    const ttl = await redis.pttl(buildLockKey(key));
    expect(ttl).toBeGreaterThan(LOCK_MS - 200);
    expect(ttl).toBeLessThanOrEqual(LOCK_MS);
    await lock?.release();
    expect(await redis.exists(buildLockKey(key))).toBe(0);
    // Another version of a workspace is another lock.
    const [a, b] = await Promise.all([replica().claim(version()), replica().claim(version())]);
    expect(a && b).toBeTruthy();
  });

  it('makes a second replica wait until the holder releases, then gives it the lock', async () => {
    const key = version();
    const before = await waits('acquired');
    const holder = await replica().claim(key);
    let acquiredAt = 0;
    const waiting = replica()
      .claim(key)
      .then((lock) => ((acquiredAt = Date.now()), lock));
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(acquiredAt).toBe(0);
    const releasedAt = Date.now();
    await holder?.release();
    const lock = await waiting;
    expect(lock).not.toBeNull();
    expect(acquiredAt).toBeGreaterThanOrEqual(releasedAt);
    expect((await waits('acquired')) - before).toBe(1);
  });

  it('gives the lock of a replica that died holding it once its time is over', async () => {
    const key = version();
    const takenAt = Date.now();
    expect(await replica().claim(key)).not.toBeNull(); // and never released
    const lock = await replica().claim(key);
    expect(lock).not.toBeNull();
    expect(Date.now() - takenAt).toBeGreaterThanOrEqual(LOCK_MS - 50);
    expect(Date.now() - takenAt).toBeLessThan(LOCK_MS + 1000);
  });

  it('stops waiting after the lock’s time even when another replica keeps taking it', async () => {
    const key = version();
    const before = await waits('timed_out');
    await redis.set(buildLockKey(key), 'someone else', 'PX', 60_000);
    const started = Date.now();
    expect(await replica().claim(key)).toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(LOCK_MS);
    expect((await waits('timed_out')) - before).toBe(1);
  });

  it('does not release a lock another replica took after its own ran out', async () => {
    const key = version();
    const stale = await replica().claim(key);
    await redis.set(buildLockKey(key), 'someone else', 'PX', 10_000);
    await stale?.release();
    expect(await redis.get(buildLockKey(key))).toBe('someone else');
  });

  it('takes no lock when TEAM_POOL_LOCK_MS is 0', async () => {
    const key = version();
    expect(await new BuildLocks(redis, { TEAM_POOL_LOCK_MS: 0 }).claim(key)).toBeNull();
    expect(await redis.exists(buildLockKey(key))).toBe(0);
  });

  describe('Redis down', () => {
    const down = unreachableRedis();
    afterAll(() => down.disconnect());

    it('answers no lock at once: the replica builds, as a single replica always did', async () => {
      const started = Date.now();
      expect(await replica(down).claim(version())).toBeNull();
      expect(Date.now() - started).toBeLessThan(LOCK_MS);
    });
  });

  it('attempts a lock without waiting, and renews it only while it is still the holder’s', async () => {
    const key = version();
    const holder = await replica().attempt(key);
    expect(holder).not.toBe('taken');
    expect(holder).not.toBeNull();
    expect(await replica().attempt(key)).toBe('taken');
    // Renewed half-way through: it lives a whole lock's time from then.
    await new Promise((resolve) => setTimeout(resolve, LOCK_MS / 2));
    expect(await (holder as Exclude<typeof holder, 'taken' | null>).extend()).toBe(true);
    expect(await redis.pttl(buildLockKey(key))).toBeGreaterThan(LOCK_MS - 200);
    // Run out and taken by another: the first holder's renewal does nothing to it.
    await redis.del(buildLockKey(key));
    const other = await replica().attempt(key);
    expect(await (holder as Exclude<typeof holder, 'taken' | null>).extend()).toBe(false);
    expect(await redis.get(buildLockKey(key))).not.toBeNull();
    await (other as Exclude<typeof other, 'taken' | null>).release();
    expect(await new BuildLocks(redis, { TEAM_POOL_LOCK_MS: 0 }).attempt(key)).toBeNull();
  });
});
