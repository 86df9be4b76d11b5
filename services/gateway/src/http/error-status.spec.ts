import { describe, expect, it } from '@jest/globals';
import { ERROR_CODES } from '@warmpath/contracts';
import { codeOfStatus, httpStatusOf, retryAfterOf } from './error-status.js';

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

describe('retryAfterOf', () => {
  it.each([
    ["a 503 with the failing side's hint (the model server asked for 30 s)", 503, 30, 30],
    ['a 503 without a hint: the default', 503, undefined, 5],
    ['a 429 with a hint', 429, 60, 60],
    ['a 429 without a hint: none', 429, undefined, undefined],
    ['any other error: none, even with a hint', 409, 60, undefined],
  ])('%s', (_name, status, hint, expected) => {
    expect(retryAfterOf(status, hint, 5)).toBe(expected);
  });
});
