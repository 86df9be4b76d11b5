import { Redis } from 'ioredis';

/**
 * Deletes every key that starts with `prefix` (a test run's or a benchmark's own namespace), so
 * runs that share one Redis leave nothing behind. SCAN, never KEYS: it does not block the server.
 */
export async function deleteRedisKeys(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
