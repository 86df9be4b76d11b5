import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_CONFIG, ServiceError } from '@warmpath/server-kit';
import type { Redis } from 'ioredis';
import { createHash } from 'node:crypto';
import type { GatewayConfig } from '../../config/gateway.config.js';
import { REDIS } from '../../infra/redis.provider.js';

export const TOO_MANY_ATTEMPTS = 'Too many sign-in attempts. Please wait a few minutes and try again.';

/**
 * Sign-in throttling in Redis, shared by every gateway replica: attempts per client address, and
 * failures per username *from that client*. Failures are never counted per username alone: then
 * anyone could lock anyone out with a few wrong passwords (docs/security.md); keyed by username and
 * client, an attacker's failures throttle only the attacker, and the owner still signs in from
 * their own address. The answer is the same whether or not the username exists.
 */
@Injectable()
export class LoginRateLimiter {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SERVICE_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** Counts this attempt for the client, and refuses it when the client, or this username from it, is over its limit. */
  async admit(clientIp: string, username: string): Promise<void> {
    const window = this.config.LOGIN_WINDOW_SECONDS;
    const clientKey = `login:client:${clientIp}`;
    const [[, attempts], [, failures]] = (await this.redis
      .multi()
      .incr(clientKey)
      .get(this.pairKey(clientIp, username))
      .expire(clientKey, window, 'NX')
      .exec()) as [[null, number], [null, string | null]];
    if (
      attempts > this.config.LOGIN_MAX_ATTEMPTS_PER_CLIENT ||
      Number(failures ?? 0) >= this.config.LOGIN_MAX_FAILURES_PER_PAIR
    ) {
      throw new ServiceError('RATE_LIMITED', TOO_MANY_ATTEMPTS);
    }
  }

  async recordFailure(clientIp: string, username: string): Promise<void> {
    const key = this.pairKey(clientIp, username);
    await this.redis.multi().incr(key).expire(key, this.config.LOGIN_WINDOW_SECONDS, 'NX').exec();
  }

  async recordSuccess(clientIp: string, username: string): Promise<void> {
    await this.redis.del(this.pairKey(clientIp, username));
  }

  /** Hashed, so usernames people typed never sit in Redis in clear. */
  private pairKey(clientIp: string, username: string): string {
    const folded = username.trim().normalize('NFKC').toLowerCase();
    return `login:pair:${createHash('sha256').update(`${clientIp}\n${folded}`).digest('base64url')}`;
  }
}
