import { afterAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { MARK_EVERY_MS, RECENT_READER_MS, RecentReaders, recentReadersKey } from './recent-readers.js';

// The readers of a workspace on the real Redis: two RecentReaders on one Redis are two replicas.

const prefix = `warmpath-test-recent-readers-${randomBytes(4).toString('hex')}:`;
const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { keyPrefix: prefix });

afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys.map((k) => k.slice(prefix.length)));
  redis.disconnect();
});

let nextTeam = 1;
const NOW = 1_800_000_000_000;

describe('RecentReaders', () => {
  it("tells one replica the readers another served, the latest first, for an hour after each one's read", async () => {
    const team = nextTeam++;
    const served = new RecentReaders(redis);
    await served.mark('split', team, 7, NOW);
    await served.mark('split', team, 8, NOW + 1000);
    await served.mark('snapshot', team, 9, NOW);
    const other = new RecentReaders(redis);
    expect(await other.recent('split', team, NOW + 2000)).toEqual([8, 7]);
    expect(await other.recent('snapshot', team, NOW + 2000)).toEqual([9]);
    expect(await other.recent('split', team, NOW + 1000 + RECENT_READER_MS)).toEqual([8]);
    expect(await other.recent('split', team, NOW + 1001 + RECENT_READER_MS)).toEqual([]);
    expect(await redis.pttl(recentReadersKey('split', team))).toBeGreaterThan(RECENT_READER_MS - 60_000);
  });

  it('writes a reader to Redis at most once a minute, though it knows their every read itself', async () => {
    const team = nextTeam++;
    const readers = new RecentReaders(redis);
    await readers.mark('split', team, 7, NOW);
    await readers.mark('split', team, 7, NOW + MARK_EVERY_MS - 1);
    expect(await redis.hget(recentReadersKey('split', team), '7')).toBe(String(NOW));
    expect(await readers.recent('split', team, NOW + RECENT_READER_MS + 1)).toEqual([7]);
    await readers.mark('split', team, 7, NOW + MARK_EVERY_MS);
    expect(await redis.hget(recentReadersKey('split', team), '7')).toBe(String(NOW + MARK_EVERY_MS));
  });

  it('forgets a reader who left on every replica, and a deleted workspace whole', async () => {
    const team = nextTeam++;
    const served = new RecentReaders(redis);
    await served.mark('split', team, 7, NOW);
    await served.mark('snapshot', team, 7, NOW);
    await served.mark('split', team, 8, NOW);
    const other = new RecentReaders(redis);
    await other.forget(team, 7);
    expect(await served.recent('split', team, NOW)).toEqual([8]);
    expect(await served.recent('snapshot', team, NOW)).toEqual([]);
    await other.forget(team, 8, ['snapshot']);
    expect(await served.recent('split', team, NOW)).toEqual([8]);
    await other.forget(team);
    expect(await other.recent('split', team, NOW)).toEqual([]);
    expect(await redis.exists(recentReadersKey('split', team))).toBe(0);
  });
});
