import { Inject, type FactoryProvider, type OnApplicationShutdown, Injectable } from '@nestjs/common';
import { Redis } from 'ioredis';
import { failFastWhenDown, quickRedisRetry, SERVICE_CONFIG } from '@warmpath/server-kit';
import type { GatewayConfig } from '../config/gateway.config.js';

export const REDIS = Symbol('REDIS');

/** One shared Redis connection; keys are namespaced by REDIS_PREFIX (ioredis keyPrefix). */
export const redisProvider: FactoryProvider<Redis> = {
  provide: REDIS,
  inject: [SERVICE_CONFIG],
  useFactory: (config: GatewayConfig) =>
    failFastWhenDown(
      new Redis(config.REDIS_URL, {
        keyPrefix: config.REDIS_PREFIX,
        maxRetriesPerRequest: 2,
        enableOfflineQueue: true,
        // Sessions are back within a second of Redis.
        retryStrategy: quickRedisRetry,
      }),
    ),
};

@Injectable()
export class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}
  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}
