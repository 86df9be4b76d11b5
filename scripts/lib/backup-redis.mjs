// Redis in a restore (docs/operations.md "Backup and restore", "What Redis holds"): nothing in it
// needs a backup, but what it holds about the data after the backup must go. Sessions created
// since then name users the restored database may give to someone else (ids are sequences), and
// snapshot pointers would serve networks newer than the restored ones.

/** The installation's keys: everything under REDIS_PREFIX (BullMQ's queues included). */
const patternOf = (prefix) => `${prefix.replace(/[*?[\]\\]/g, '\\$&')}*`;

/** Deletes every key under `prefix` (every key of the database when it is empty); answers how many. */
export async function clearRedisKeys({ redisUrl, prefix }) {
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  let deleted = 0;
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', patternOf(prefix), 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) deleted += await redis.unlink(...keys);
    } while (cursor !== '0');
    return deleted;
  } finally {
    redis.disconnect();
  }
}
