import { Inject, Injectable, type FactoryProvider, type OnApplicationShutdown } from '@nestjs/common';
import { failFastWhenDown, quickRedisRetry, SERVICE_CONFIG } from '@warmpath/server-kit';
import { Redis } from 'ioredis';
import type { NetworkConfig } from '../../config/network.config.js';

export const NETWORK_REDIS = Symbol('NETWORK_REDIS');

/**
 * Snapshots live in the Redis the gateway reads, under the same REDIS_PREFIX (ioredis keyPrefix).
 * Like the gateway's, the connection fails fast once it is down: a request is answered 503 at
 * once instead of waiting for two reconnection attempts (seconds).
 */
export const networkRedisProvider: FactoryProvider<Redis> = {
  provide: NETWORK_REDIS,
  inject: [SERVICE_CONFIG],
  useFactory: (config: NetworkConfig) =>
    failFastWhenDown(
      new Redis(config.REDIS_URL, {
        keyPrefix: config.REDIS_PREFIX,
        maxRetriesPerRequest: 2,
        enableOfflineQueue: true,
        retryStrategy: quickRedisRetry,
      }),
    ),
};

@Injectable()
export class NetworkRedisCloser implements OnApplicationShutdown {
  constructor(@Inject(NETWORK_REDIS) private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}
