import { afterAll, describe, expect, it } from '@jest/globals';
import { ServiceError } from '@warmpath/server-kit';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { JoinCodeRateLimiter, TOO_MANY_INVALID_CODES } from './join-code-rate-limiter.js';

const prefix = `join-code-spec-${randomBytes(4).toString('hex')}:`;
const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { keyPrefix: prefix });

afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys.map((key) => key.slice(prefix.length)));
  redis.disconnect();
});

const limiter = new JoinCodeRateLimiter(redis, {
  JOIN_CODE_MAX_FAILURES_PER_ACCOUNT: 3,
  JOIN_CODE_MAX_FAILURES_PER_CLIENT: 5,
  JOIN_CODE_WINDOW_SECONDS: 60,
});

async function refusal(userId: number, ip: string): Promise<ServiceError | undefined> {
  return limiter.admit(userId, ip).then(
    () => undefined,
    (error: ServiceError) => error,
  );
}

describe('JoinCodeRateLimiter', () => {
  it('refuses an account after its limit of wrong codes, whatever address it comes from', async () => {
    for (let i = 0; i < 3; i++) {
      expect(await refusal(1, `10.0.0.${i}`)).toBeUndefined();
      await limiter.recordWrongCode(1, `10.0.0.${i}`);
    }
    const error = await refusal(1, '10.0.0.99');
    expect(error?.code).toBe('RATE_LIMITED');
    expect(error?.message).toBe(TOO_MANY_INVALID_CODES);
    expect(await refusal(2, '10.0.0.99')).toBeUndefined();
  });

  it('refuses a client address after its limit, whichever accounts it tried with', async () => {
    for (let user = 10; user < 15; user++) await limiter.recordWrongCode(user, '192.168.1.7');
    expect((await refusal(99, '192.168.1.7'))?.code).toBe('RATE_LIMITED');
    expect(await refusal(99, '192.168.1.8')).toBeUndefined();
  });

  it('forgets wrong codes after the window', async () => {
    await limiter.recordWrongCode(50, '172.16.0.1');
    expect(await redis.ttl('join-code:user:50')).toBeGreaterThan(0);
    expect(await redis.ttl('join-code:user:50')).toBeLessThanOrEqual(60);
  });
});
