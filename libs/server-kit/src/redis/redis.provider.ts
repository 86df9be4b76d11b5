import { Inject, Injectable, type FactoryProvider, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { SERVICE_CONFIG } from '../bootstrap/service-kit.module.js';
import type { RedisEnv } from '../config/env-schemas.js';
import { failFastWhenDown, quickRedisRetry } from './fail-fast-redis.js';

/** The service's one shared Redis connection (inject it with `@Inject(REDIS)`). */
export const REDIS = Symbol('REDIS');

/**
 * A connection whose keys are namespaced by REDIS_PREFIX (ioredis keyPrefix), so the gateway and
 * the network service read each other's keys under one prefix. It fails fast once it is down: a
 * request is answered 503 at once instead of waiting for two reconnection attempts (seconds),
 * and it is back within a second of Redis.
 */
export function connectRedis(config: RedisEnv): Redis {
  return failFastWhenDown(
    new Redis(config.REDIS_URL, {
      keyPrefix: config.REDIS_PREFIX,
      maxRetriesPerRequest: 2,
      enableOfflineQueue: true,
      retryStrategy: quickRedisRetry,
    }),
  );
}

/** Provides REDIS from the service's config (SERVICE_CONFIG); list RedisCloser beside it. */
export const redisProvider: FactoryProvider<Redis> = {
  provide: REDIS,
  inject: [SERVICE_CONFIG],
  useFactory: (config: RedisEnv) => connectRedis(config),
};

/** Closes REDIS when the application shuts down. */
@Injectable()
export class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}
