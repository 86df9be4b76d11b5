import { Inject, Injectable } from '@nestjs/common';
import { REDIS, ServiceError } from '@warmpath/server-kit';
import type { Redis } from 'ioredis';
import { createHash } from 'node:crypto';

export const TOO_MANY_REGISTRATIONS =
  'Too many accounts were created from this address. Please try again later.';
export const TOO_MANY_INVITED_REGISTRATIONS =
  'Too many accounts were created with this invitation. Please try again later.';
export const TOO_MANY_PASSWORD_CHANGES =
  'Too many password change attempts. Please wait a few minutes and try again.';

/**
 * Fixed-window attempt counters in Redis, shared by every gateway replica, for the routes that
 * cost a password hash besides sign-in (registration per client address or per invitation,
 * password change per user). The attempt is counted, then refused 429 past the limit.
 */
@Injectable()
export class AttemptLimiter {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async consume(
    scope: string,
    subject: string,
    limit: number,
    windowSeconds: number,
    message: string,
  ): Promise<void> {
    const key = `attempts:${scope}:${createHash('sha256').update(subject).digest('base64url')}`;
    const [[, attempts]] = (await this.redis.multi().incr(key).expire(key, windowSeconds, 'NX').exec()) as [
      [null, number],
      unknown,
    ];
    if (attempts > limit) throw new ServiceError('RATE_LIMITED', message);
  }
}
