import { describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { connectRedis, RedisCloser } from './redis.provider.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('connectRedis', () => {
  it('keeps its keys under REDIS_PREFIX, stops queueing once connected, and is closed by RedisCloser', async () => {
    const prefix = `redis-provider-spec-${randomBytes(4).toString('hex')}:`;
    const redis = connectRedis({ REDIS_URL, REDIS_PREFIX: prefix });
    const plain = new Redis(REDIS_URL);
    try {
      await redis.set('greeting', 'hello', 'EX', 60);
      expect(await plain.get(`${prefix}greeting`)).toBe('hello');
      expect(await plain.get('greeting')).toBeNull();
      expect(redis.options.enableOfflineQueue).toBe(false);
      const ended = new Promise((resolve) => redis.once('end', resolve));
      await new RedisCloser(redis).onApplicationShutdown();
      await ended;
      await expect(redis.get('greeting')).rejects.toThrow('Connection is closed');
    } finally {
      await plain.del(`${prefix}greeting`);
      await plain.quit();
      if (redis.status !== 'end') redis.disconnect();
    }
  });
});
