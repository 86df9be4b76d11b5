import { Inject, Injectable } from '@nestjs/common';
import { REDIS, ServiceError } from '@warmpath/server-kit';
import type { Redis } from 'ioredis';
import { TEAMS_ROUTE_CONFIG, type TeamsRouteConfig } from './teams-route.config.js';

export const TOO_MANY_INVALID_CODES = 'Too many invalid invitation codes. Try again later.';

/**
 * Wrong invitation codes counted in Redis (shared by every gateway replica), per account and per
 * client address; past either limit every code is refused for the rest of the window, right or wrong.
 */
@Injectable()
export class JoinCodeRateLimiter {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(TEAMS_ROUTE_CONFIG) private readonly config: TeamsRouteConfig,
  ) {}

  async admit(userId: number, clientIp: string): Promise<void> {
    const [account, client] = await this.redis.mget(accountKey(userId), clientKey(clientIp));
    if (
      Number(account ?? 0) >= this.config.JOIN_CODE_MAX_FAILURES_PER_ACCOUNT ||
      Number(client ?? 0) >= this.config.JOIN_CODE_MAX_FAILURES_PER_CLIENT
    ) {
      throw new ServiceError('RATE_LIMITED', TOO_MANY_INVALID_CODES);
    }
  }

  async recordWrongCode(userId: number, clientIp: string): Promise<void> {
    const window = this.config.JOIN_CODE_WINDOW_SECONDS;
    await this.redis
      .multi()
      .incr(accountKey(userId))
      .expire(accountKey(userId), window, 'NX')
      .incr(clientKey(clientIp))
      .expire(clientKey(clientIp), window, 'NX')
      .exec();
  }
}

const accountKey = (userId: number) => `join-code:user:${userId}`;
const clientKey = (clientIp: string) => `join-code:client:${clientIp}`;
