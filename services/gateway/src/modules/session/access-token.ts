import { forbidden, unauthenticated } from '@warmpath/server-kit';
import { TOKEN_SECRET, type TokenScope, type VerifiedToken } from '@warmpath/contracts';
import { createHash } from 'node:crypto';

export const MALFORMED_AUTHORIZATION =
  'Malformed Authorization header: send "Authorization: Bearer wp_pat_…" with a personal access token.';
export const TOKENS_NOT_ACCEPTED =
  'This route does not accept personal access tokens: tokens cannot manage tokens or the account. Sign in to do this.';
export const missingScope = (scope: TokenScope): string =>
  `This personal access token lacks the scope '${scope}' that this route needs.`;

/**
 * The SHA-256 (hex) of the token in an `Authorization` header, the only form in which a secret
 * leaves the gateway; 401 for anything but `Bearer wp_pat_<43 base64url characters>`.
 */
export function secretHashOf(header: string): string {
  const secret = /^Bearer +(\S+)$/i.exec(header.trim())?.[1];
  if (secret === undefined || !TOKEN_SECRET.test(secret)) throw unauthenticated(MALFORMED_AUTHORIZATION);
  return createHash('sha256').update(secret).digest('hex');
}

/** 403 unless the route names a scope the token holds. */
export function assertTokenMayCall(token: VerifiedToken, required: TokenScope | undefined): void {
  if (!required) throw forbidden(TOKENS_NOT_ACCEPTED);
  if (!token.scopes.includes(required)) throw forbidden(missingScope(required));
}
