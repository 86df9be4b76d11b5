import { oauthProviderSchema, type OAuthProvider } from '@warmpath/contracts';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/** A started sign-in is valid this long (state in Redis and the browser cookie expire together). */
export const STATE_TTL_SECONDS = 600;

/** What the gateway remembers between sending the browser to the provider and its return. */
export const oauthStateRecordSchema = z.object({
  provider: oauthProviderSchema,
  /** SHA-256 of the random value in the browser's cookie: the return must come from the same browser. */
  bindingHash: z.string(),
  /** PKCE verifier, or null when the provider does not take PKCE. */
  codeVerifier: z.string().nullable(),
  nonce: z.string(),
  /** The signed-in user at the start: the identity is linked to this account. */
  linkToUserId: z.number().int().nullable(),
  createdAt: z.number(),
});
export type OAuthStateRecord = z.infer<typeof oauthStateRecordSchema>;

export type StateProblem = 'missing' | 'unknown' | 'expired' | 'wrong_provider' | 'wrong_browser';
export type StateCheck = { ok: true; record: OAuthStateRecord } | { ok: false; problem: StateProblem };

/** 256 random bits, URL-safe: used for state, nonce, PKCE verifier and the browser binding. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

const STATE_FORMAT = /^[A-Za-z0-9_-]{43}$/;
/** Anything else cannot be one of ours, and is not worth a Redis round trip. */
export const isWellFormedState = (state: string | undefined): state is string =>
  !!state && STATE_FORMAT.test(state);

export const hashBinding = (binding: string): string =>
  createHash('sha256').update(binding).digest('base64url');

/** RFC 7636 S256: BASE64URL(SHA256(ASCII(code_verifier))). */
export const pkceChallenge = (verifier: string): string =>
  createHash('sha256').update(verifier).digest('base64url');

/**
 * Decides whether a returning browser may finish the sign-in its state names. The record was
 * already taken out of Redis (single use), so a replayed state is "unknown".
 */
export function checkState(
  record: OAuthStateRecord | null,
  expected: { state: string | undefined; provider: OAuthProvider; binding: string | undefined; now: number },
): StateCheck {
  if (!expected.state) return { ok: false, problem: 'missing' };
  if (!record) return { ok: false, problem: 'unknown' };
  if (expected.now - record.createdAt > STATE_TTL_SECONDS * 1000) return { ok: false, problem: 'expired' };
  if (record.provider !== expected.provider) return { ok: false, problem: 'wrong_provider' };
  if (!expected.binding || !sameText(hashBinding(expected.binding), record.bindingHash))
    return { ok: false, problem: 'wrong_browser' };
  return { ok: true, record };
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
