import { companyKey } from '../company/company-key.js';

// docs/targets.md#folding: what targetCompanyKey folds beyond companyKey.

/** Legal forms companyKey keeps that a target list still spells (its own list covers the rest). */
const MORE_LEGAL_WORDS = new Set([
  'se',
  'sl',
  'slu',
  'ltda',
  'oyj',
  'aps',
  'sro',
  'kft',
  'zrt',
  'bhd',
  'sdn',
  'ohg',
  'ug',
  'sab',
  'spolka',
  'ulc',
  'pllc',
]);

/** Legal forms of several words, compared at the end of the folded name. */
const LEGAL_PHRASES: readonly (readonly string[])[] = [
  ['s', 'de', 'rl', 'de', 'cv'],
  ['sab', 'de', 'cv'],
  ['sa', 'de', 'cv'],
  ['s', 'de', 'rl'],
];
/** Spelled-out forms whose last word companyKey would drop alone, leaving "private" behind. */
const SPELLED_FORMS =
  /[\s,]+(?:private limited|public limited company|limited liability (?:company|partnership))\.?$/i;

/** Letters NFKD does not decompose, spelled as people type them without the key. */
const SPECIAL_LETTERS: Record<string, string> = {
  ø: 'o',
  Ø: 'O',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ß: 'ss',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  þ: 'th',
  Þ: 'TH',
  ı: 'i',
};
const SPECIAL_LETTER = /[øØæÆœŒßłŁđĐþÞı]/g;
/** "A/S" (Danish, Norwegian) would otherwise split into two words. */
const SLASH_FORMS = /\b(a)\/(s)\b/gi;
/** "Salesforce.com", "Booking.com, Inc.": a web suffix glued to the name's first word. */
const WEB_SUFFIX = /^(\S+?)\.(?:com|io|ai|co|net|org)(?=$|[\s,])/i;

/**
 * The key that decides whether a target names a network company (docs/targets.md#folding):
 * companyKey (case, accents, punctuation, "&"/"and", trailing legal forms), plus a leading
 * "The", more legal forms ("SE", "Oyj", "S.A. de C.V." ...), letters such as "ø" and "ß", and a
 * ".com" glued to the name. Only words that name no company are dropped, and only at the ends:
 * "Acme Labs, Inc." and "ACME LABS" meet, "Acme Labs" and "Acme Capital" never do. Null for an
 * empty or placeholder name.
 */
export function targetCompanyKey(name: string | null | undefined): string | null {
  if (!name) return null;
  const known = KNOWN.get(name);
  if (known !== undefined) return known;
  const key = computeTargetCompanyKey(name);
  if (KNOWN.size >= KNOWN_MAX) KNOWN.clear();
  KNOWN.set(name, key);
  return key;
}

/** Keys already computed, by spelling; emptied when full (a bounded memo, as companyKey's). */
const KNOWN = new Map<string, string | null>();
const KNOWN_MAX = 50_000;

function computeTargetCompanyKey(name: string): string | null {
  const spelled = name
    .replace(SPECIAL_LETTER, (letter) => SPECIAL_LETTERS[letter] ?? letter)
    .replace(SLASH_FORMS, '$1$2')
    .trim()
    .replace(SPELLED_FORMS, '')
    .replace(WEB_SUFFIX, '$1');
  let key = companyKey(spelled);
  if (key === null) return null;
  // companyKey again after each form: one it knows may now be last ("Acme Co Ltda").
  for (let form = stripTrailingForm(key.split(' ')); form; form = stripTrailingForm(key.split(' '))) {
    const next = companyKey(form.join(' '));
    if (next === null) break;
    key = next;
  }
  const words = key.split(' ');
  if (words[0] === 'the' && words.length > 1) words.shift();
  return words.join(' ');
}

/** The words without one trailing legal form, or null when none ends them (one word always stays). */
function stripTrailingForm(words: readonly string[]): string[] | null {
  for (const phrase of LEGAL_PHRASES) {
    if (words.length > phrase.length && endsWith(words, phrase)) return words.slice(0, -phrase.length);
  }
  const last = words[words.length - 1] ?? '';
  if (words.length > 1 && MORE_LEGAL_WORDS.has(last)) return words.slice(0, -1);
  return null;
}

function endsWith(words: readonly string[], phrase: readonly string[]): boolean {
  const offset = words.length - phrase.length;
  return phrase.every((word, i) => words[offset + i] === word);
}
