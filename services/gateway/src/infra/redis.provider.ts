import { Inject, type FactoryProvider, type OnApplicationShutdown, Injectable } from '@nestjs/common';
import { Redis } from 'ioredis';
import { SERVICE_CONFIG } from '@warmpath/server-kit';
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
        // Try again every half second at most (ioredis' default grows to 2 s), so sessions are
        // back within a second of Redis.
        retryStrategy: (times: number) => Math.min(times * 50, 500),
      }),
    ),
};

/**
 * Commands sent before the first connection wait for it (boot order does not matter); once
 * connected, a command sent while Redis is unreachable fails at once (a 503 within
 * milliseconds) instead of queueing until its retries run out seconds later.
 */
export function failFastWhenDown(redis: Redis): Redis {
  redis.once('ready', () => {
    redis.options.enableOfflineQueue = false;
  });
  return redis;
}

@Injectable()
export class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}
  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}
