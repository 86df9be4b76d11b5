import { describe, expect, it } from '@jest/globals';
import { ERROR_CODES } from '@warmpath/contracts';
import { codeOfStatus, httpStatusOf } from './error-status.js';

describe('httpStatusOf', () => {
  it('maps every error code to an HTTP status', () => {
    for (const code of ERROR_CODES) expect(httpStatusOf(code)).toBeGreaterThanOrEqual(400);
  });

  it.each([
    ['VALIDATION_FAILED', 400],
    ['UNAUTHENTICATED', 401],
    ['FORBIDDEN', 403],
    ['NOT_FOUND', 404],
    ['CONFLICT', 409],
    ['GONE', 410],
    ['expired', 410],
    ['RATE_LIMITED', 429],
    ['SERVICE_UNAVAILABLE', 503],
    ['SERVICE_TIMEOUT', 504],
    ['INTERNAL', 500],
  ] as const)('%s is %d', (code, status) => {
    expect(httpStatusOf(code)).toBe(status);
  });

  it('round-trips the statuses it produces', () => {
    for (const code of ERROR_CODES)
      expect(codeOfStatus(httpStatusOf(code))).toBe(
        code === 'UPSTREAM_FAILED' ? 'INTERNAL' : code === 'expired' ? 'GONE' : code,
      );
  });
});
