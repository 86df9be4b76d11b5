import { describe, expect, it } from '@jest/globals';
import { cappedExponentialDelay } from './mail-backoff.js';

describe('cappedExponentialDelay', () => {
  it('starts at the base delay and doubles after each failure', () => {
    expect([1, 2, 3, 4, 5].map((n) => cappedExponentialDelay(n, 1000, 300_000))).toEqual([
      1000, 2000, 4000, 8000, 16_000,
    ]);
  });

  it('never waits longer than the cap, however many attempts failed', () => {
    expect(cappedExponentialDelay(10, 1000, 300_000)).toBe(300_000);
    expect(cappedExponentialDelay(5000, 1000, 300_000)).toBe(300_000);
  });
});
