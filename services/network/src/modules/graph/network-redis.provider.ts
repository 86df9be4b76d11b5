import { Inject, Injectable, type FactoryProvider, type OnApplicationShutdown } from '@nestjs/common';
import { SERVICE_CONFIG } from '@warmpath/server-kit';
import { Redis } from 'ioredis';
import type { NetworkConfig } from '../../config/network.config.js';

export const NETWORK_REDIS = Symbol('NETWORK_REDIS');

/** Snapshots live in the Redis the gateway reads, under the same REDIS_PREFIX (ioredis keyPrefix). */
export const networkRedisProvider: FactoryProvider<Redis> = {
  provide: NETWORK_REDIS,
  inject: [SERVICE_CONFIG],
  useFactory: (config: NetworkConfig) =>
    new Redis(config.REDIS_URL, {
      keyPrefix: config.REDIS_PREFIX,
      maxRetriesPerRequest: 2,
      enableOfflineQueue: true,
    }),
};

@Injectable()
export class NetworkRedisCloser implements OnApplicationShutdown {
  constructor(@Inject(NETWORK_REDIS) private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}
