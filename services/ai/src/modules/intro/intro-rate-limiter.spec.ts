import { describe, expect, it } from '@jest/globals';
import { ServiceError } from '@warmpath/server-kit';
import { IntroRateLimiter } from './intro-rate-limiter.js';

function clock() {
  let now = 1_000_000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

const codeOf = (fn: () => unknown) => {
  try {
    fn();
    return 'admitted';
  } catch (error) {
    return (error as ServiceError).code;
  }
};

describe('IntroRateLimiter', () => {
  it('limits concurrent requests per user and frees a slot when one ends', () => {
    const limiter = new IntroRateLimiter({ maxConcurrent: 2, maxPerMinute: 10 });
    const first = limiter.admit(1);
    limiter.admit(1);
    expect(codeOf(() => limiter.admit(1))).toBe('RATE_LIMITED');
    expect(codeOf(() => limiter.admit(2))).toBe('admitted');
    first();
    first();
    expect(codeOf(() => limiter.admit(1))).toBe('admitted');
    expect(codeOf(() => limiter.admit(1))).toBe('RATE_LIMITED');
  });

  it('limits requests per minute per user over a sliding window', () => {
    const time = clock();
    const limiter = new IntroRateLimiter({ maxConcurrent: 5, maxPerMinute: 3 }, time.now);
    for (let i = 0; i < 3; i++) {
      limiter.admit(7)();
      time.advance(10_000);
    }
    expect(codeOf(() => limiter.admit(7))).toBe('RATE_LIMITED');
    time.advance(30_001);
    expect(codeOf(() => limiter.admit(7))).toBe('admitted');
    expect(codeOf(() => limiter.admit(7))).toBe('RATE_LIMITED');
  });

  it('answers with the clear message', () => {
    const limiter = new IntroRateLimiter({ maxConcurrent: 1, maxPerMinute: 1 });
    limiter.admit(1);
    expect(() => limiter.admit(1)).toThrow(
      'Too many warm intro requests. Please wait a minute and try again.',
    );
  });
});
