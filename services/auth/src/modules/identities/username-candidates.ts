import type { OAuthIdentity } from '@warmpath/contracts';
import { isReservedUsername, USERNAME_PATTERN, usernameKey } from '../users/username.js';

/** Same bounds as registration (libs/contracts): 3..50 characters. */
const MIN_LENGTH = 3;
const MAX_LENGTH = 50;
/** Room left for the digits appended when the base name is taken. */
const MAX_BASE_LENGTH = MAX_LENGTH - 7;
const INVISIBLE = /[\p{Cf}\p{Cc}]/gu;
const FALLBACK = 'user';

/**
 * Turns free text from a provider profile into something registration would accept, or null.
 * Spaces become dots; anything outside letters, digits, dot, underscore and hyphen is dropped.
 */
export function toUsernameBase(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const cleaned = raw
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .trim()
    .replace(/\s+/gu, '.')
    .replace(/[^\p{L}\p{N}._-]/gu, '')
    .replace(/([._-])[._-]+/g, '$1')
    .replace(/^[._-]+|[._-]+$/g, '');
  const base = Array.from(cleaned)
    .slice(0, MAX_BASE_LENGTH)
    .join('')
    .replace(/[._-]+$/, '');
  if (Array.from(base).length < MIN_LENGTH || !USERNAME_PATTERN.test(base)) return null;
  return base;
}

/**
 * The base of a new account's username. A provider's profile is never trusted as-is: the
 * preferred username, then the e-mail's local part, then the name are tried in turn, and any
 * that reads like a reserved name (admin and its look-alikes) is skipped.
 */
export function deriveUsernameBase(
  identity: Pick<OAuthIdentity, 'preferredUsername' | 'email' | 'firstName' | 'lastName'>,
): string {
  const emailLocal = identity.email?.includes('@')
    ? identity.email.slice(0, identity.email.lastIndexOf('@'))
    : null;
  const fullName = [identity.firstName, identity.lastName].filter(Boolean).join(' ');
  const sources = [identity.preferredUsername, emailLocal, fullName, identity.firstName];
  for (const source of sources) {
    const base = toUsernameBase(source);
    if (base && !isReservedUsername(base)) return base;
  }
  return FALLBACK;
}

/**
 * Usernames to try, in order: the base, then base2..base9, then the base with random digits
 * (so a popular name costs a few look-ups, not one per existing account). Look-alikes of
 * reserved names are never produced, whatever digits are appended.
 */
export function* usernameCandidates(base: string, random: () => number = Math.random): Generator<string> {
  const tried = new Set<string>();
  const attempt = (name: string) => {
    const key = usernameKey(name);
    if (tried.has(key) || Array.from(key).length > MAX_LENGTH || isReservedUsername(name)) return false;
    tried.add(key);
    return true;
  };
  if (attempt(base)) yield base;
  for (let n = 2; n <= 9; n++) if (attempt(`${base}${n}`)) yield `${base}${n}`;
  for (let i = 0; i < 40; i++) {
    const digits = String(Math.floor(1000 + random() * 999000));
    if (attempt(`${base}${digits}`)) yield `${base}${digits}`;
  }
}
