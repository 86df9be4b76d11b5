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
    const largest = { key: '', mb: 0 };
    let cursor = '0';
    do {
      const [next, batch] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      keys += batch.length;
      sessions += batch.filter((key) => key.startsWith(`${prefix}session:`)).length;
      const pipeline = redis.pipeline();
      for (const key of batch) pipeline.memory('USAGE', key);
      const sizes = ((await pipeline.exec()) ?? []).map(([, size]) => Number(size ?? 0));
      sizes.forEach((size, i) => {
        bytes += size;
        if (size / 1e6 > largest.mb)
          Object.assign(largest, { key: batch[i].slice(prefix.length), mb: size / 1e6 });
      });
    } while (cursor !== '0');
    return { usedMemoryMb: usedMemory / 1e6, keys, sessions, prefixMb: bytes / 1e6, largest };
  } finally {
    redis.disconnect();
  }
}
