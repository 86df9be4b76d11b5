/**
 * Username folding. Two names that look the same to a person must be the same account, and
 * nothing that looks like "admin" may be registered: case, width (ｄ), zero-width characters,
 * accents and common homoglyphs (Cyrillic а, Greek ο, digit 0 for o...) are all folded.
 */
import { usernameKey } from '@warmpath/domain';

/** The unique key of a username (libs/domain, shared with the gateway's sign-in limits). */
export { usernameKey };

// Lookup tables read best as tables.
// prettier-ignore
const HOMOGLYPHS: Record<string, string> = {
  а: 'a', ɑ: 'a', α: 'a', ạ: 'a', ԁ: 'd', ɗ: 'd', ｄ: 'd', е: 'e', ε: 'e', һ: 'h', і: 'i', ı: 'i', ι: 'i', ӏ: 'l',
  ј: 'j', к: 'k', κ: 'k', м: 'm', ṃ: 'm', ո: 'n', п: 'n', η: 'n', ν: 'v', о: 'o', ο: 'o', σ: 'o', р: 'p', ρ: 'p',
  ѕ: 's', т: 't', τ: 't', υ: 'u', ս: 'u', х: 'x', χ: 'x', у: 'y', γ: 'y', ᴍ: 'm', ɴ: 'n', ɪ: 'i', ᴀ: 'a', ᴅ: 'd',
};
// prettier-ignore
const DIGIT_LOOKALIKES: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '|': 'i', l: 'i' };

/** Allowed in a username (after NFKC): letters and digits of any script, dot, underscore, hyphen. */
export const USERNAME_PATTERN = /^[\p{L}\p{N}._-]+$/u;

/** A stricter skeleton for reserved names: also folds accents, homoglyphs, look-alike digits and separators. */
function skeleton(username: string): string {
  const base = usernameKey(username).normalize('NFKD').replace(/\p{M}/gu, '');
  return Array.from(base, (ch) => HOMOGLYPHS[ch] ?? ch)
    .map((ch) => DIGIT_LOOKALIKES[ch] ?? ch)
    .join('')
    .replace(/[._\-\s]/g, '');
}

const RESERVED = ['admin', 'administrator', 'root', 'system', 'support', 'warmpath'].map(skeleton);

/** True for `admin` and anything that reads like it; only the configured admin account has that name. */
export function isReservedUsername(username: string): boolean {
  return RESERVED.includes(skeleton(username));
}
