import { describe, expect, it } from '@jest/globals';
import { ServiceError } from '@warmpath/server-kit';
import { createHash } from 'node:crypto';
import {
  assertTokenMayCall,
  MALFORMED_AUTHORIZATION,
  missingScope,
  secretHashOf,
  TOKENS_NOT_ACCEPTED,
} from './access-token.js';

const SECRET = `wp_pat_${'A'.repeat(43)}`;
const failure = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return { code: (error as ServiceError).code, message: (error as ServiceError).message };
  }
  return null;
};

describe('the Authorization header', () => {
  it('hashes a bearer token with SHA-256, so the secret itself never leaves the gateway', () => {
    const hash = createHash('sha256').update(SECRET).digest('hex');
    expect(secretHashOf(`Bearer ${SECRET}`)).toBe(hash);
    expect(secretHashOf(`bearer ${SECRET}`)).toBe(hash);
  });

  it.each([
    ['another scheme', `Basic ${SECRET}`],
    ['no scheme', SECRET],
    ['not a Warmpath token', 'Bearer ghp_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG'],
    ['a truncated token', `Bearer ${SECRET.slice(0, -1)}`],
    ['two tokens', `Bearer ${SECRET} ${SECRET}`],
    ['nothing', ''],
  ])('refuses %s with 401 and how to send it', (_what, header) => {
    expect(failure(() => secretHashOf(header))).toEqual({
      code: 'UNAUTHENTICATED',
      message: MALFORMED_AUTHORIZATION,
    });
  });
});

describe('what a token may call', () => {
  const token = { tokenId: 1, userId: 7, scopes: ['imports:write' as const] };

  it('admits a route whose scope the token holds', () => {
    expect(failure(() => assertTokenMayCall(token, 'imports:write'))).toBeNull();
  });

  it('refuses a route of another scope with 403 naming the missing scope', () => {
    expect(failure(() => assertTokenMayCall(token, 'network:read'))).toEqual({
      code: 'FORBIDDEN',
      message: "This personal access token lacks the scope 'network:read' that this route needs.",
    });
    expect(missingScope('network:read')).toContain('network:read');
  });

  it('refuses a route that names no scope (tokens, the account, anything new) with 403', () => {
    expect(failure(() => assertTokenMayCall(token, undefined))).toEqual({
      code: 'FORBIDDEN',
      message: TOKENS_NOT_ACCEPTED,
    });
  });
});
