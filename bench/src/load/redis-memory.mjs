// Redis memory as a soak sees it: the server's used_memory (every user of that Redis counts, other
// test runs on a shared one included) and what this run's key prefix holds (keys and bytes).
import { Redis } from 'ioredis';

export async function redisMemory(redisUrl, prefix) {
  const redis = new Redis(redisUrl);
  try {
    const info = await redis.info('memory');
    const usedMemory = Number(/^used_memory:(\d+)/m.exec(info)?.[1] ?? NaN);
    let keys = 0;
    let sessions = 0;
    let bytes = 0;
    let cursor = '0';
    do {
      const [next, batch] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      keys += batch.length;
      sessions += batch.filter((key) => key.startsWith(`${prefix}session:`)).length;
      const pipeline = redis.pipeline();
      for (const key of batch) pipeline.memory('USAGE', key);
      for (const [, size] of (await pipeline.exec()) ?? []) bytes += Number(size ?? 0);
    } while (cursor !== '0');
    return { usedMemoryMb: usedMemory / 1e6, keys, sessions, prefixMb: bytes / 1e6 };
  } finally {
    redis.disconnect();
  }
}
