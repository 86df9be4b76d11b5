import { describe, expect, it } from 'vitest';
import { errorMessage } from './api';

describe('errorMessage', () => {
  it('prefers the JSON message of an error response', () => {
    expect(errorMessage({ status: 400, data: { message: "Passwords don't match", error: 'x' } })).toBe(
      "Passwords don't match",
    );
  });

  it('falls back to the error field', () => {
    expect(errorMessage({ status: 413, data: { error: 'File too large' } })).toBe('File too large');
  });

  it('reads a plain body as "<status>: <text>" (product-spec §8)', () => {
    expect(errorMessage({ status: 502, data: 'Bad Gateway' })).toBe('502: Bad Gateway');
  });

  it('reads a plain body where JSON was expected as "<status>: <text>" too', () => {
    expect(
      errorMessage({
        status: 'PARSING_ERROR',
        originalStatus: 502,
        data: 'Bad Gateway',
        error: 'SyntaxError: Unexpected token',
      }),
    ).toBe('502: Bad Gateway');
  });

  it('names a network failure', () => {
    expect(errorMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe(
      'TypeError: Failed to fetch',
    );
  });

  it('uses the fallback when there is nothing to read', () => {
    expect(errorMessage(undefined, 'Failed to load users')).toBe('Failed to load users');
  });
});
