import { describe, expect, it } from '@jest/globals';
import {
  checkState,
  hashBinding,
  isWellFormedState,
  pkceChallenge,
  randomToken,
  STATE_TTL_SECONDS,
  type OAuthStateRecord,
} from './oauth-state.js';

const NOW = 1_750_000_000_000;
const binding = randomToken();
const state = randomToken();
const record: OAuthStateRecord = {
  provider: 'google',
  bindingHash: hashBinding(binding),
  codeVerifier: randomToken(),
  nonce: randomToken(),
  linkToUserId: null,
  createdAt: NOW - 1000,
};

describe('checkState', () => {
  it('accepts the browser that started the sign-in, for the same provider, within ten minutes', () => {
    expect(checkState(record, { state, provider: 'google', binding, now: NOW })).toEqual({
      ok: true,
      record,
    });
  });

  it('refuses a return without a state', () => {
    expect(checkState(record, { state: undefined, provider: 'google', binding, now: NOW })).toEqual({
      ok: false,
      problem: 'missing',
    });
  });

  it('refuses a state it never issued, or one already used', () => {
    expect(checkState(null, { state, provider: 'google', binding, now: NOW })).toEqual({
      ok: false,
      problem: 'unknown',
    });
  });

  it('refuses a state older than ten minutes', () => {
    const old = { ...record, createdAt: NOW - STATE_TTL_SECONDS * 1000 - 1 };
    expect(checkState(old, { state, provider: 'google', binding, now: NOW })).toEqual({
      ok: false,
      problem: 'expired',
    });
  });

  it('refuses a state issued for another provider', () => {
    expect(checkState(record, { state, provider: 'github', binding, now: NOW })).toEqual({
      ok: false,
      problem: 'wrong_provider',
    });
  });

  it('refuses a browser without the cookie, or with another sign-in’s cookie', () => {
    expect(checkState(record, { state, provider: 'google', binding: undefined, now: NOW })).toEqual({
      ok: false,
      problem: 'wrong_browser',
    });
    expect(checkState(record, { state, provider: 'google', binding: randomToken(), now: NOW })).toEqual({
      ok: false,
      problem: 'wrong_browser',
    });
  });
});

describe('tokens', () => {
  it('are 256-bit URL-safe values that the state format accepts, and never repeat', () => {
    const tokens = new Set(Array.from({ length: 100 }, randomToken));
    expect(tokens.size).toBe(100);
    for (const token of tokens) expect(isWellFormedState(token)).toBe(true);
  });

  it('rejects state values that cannot be ours without asking Redis', () => {
    expect(isWellFormedState(undefined)).toBe(false);
    expect(isWellFormedState('short')).toBe(false);
    expect(isWellFormedState(`${randomToken().slice(0, 42)}*`)).toBe(false);
  });
});

describe('pkceChallenge', () => {
  it('is the S256 challenge of RFC 7636 appendix B', () => {
    expect(pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });
});
