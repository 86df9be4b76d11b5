import { foldCase } from '../text/fold-text.js';

// Legal-form words dropped from the end of a name so "Acme, Inc." and "ACME Corp" meet.
// Only trailing words are dropped and never the last remaining one: "Co" alone stays a company.
const LEGAL_SUFFIXES = new Set([
  'inc',
  'incorporated',
  'llc',
  'llp',
  'lp',
  'ltd',
  'limited',
  'gmbh',
  'ag',
  'kg',
  'sa',
  'sas',
  'sarl',
  'srl',
  'spa',
  'bv',
  'nv',
  'plc',
  'corp',
  'corporation',
  'co',
  'company',
  'pty',
  'pte',
  'pvt',
  'oy',
  'ab',
  'as',
  'asa',
  'kk',
  'na',
]);

// Values exports use for "no company"; they must not group strangers together.
const EMPTY_VALUES = new Set(['', 'none', 'null', 'n a', 'na', 'not applicable']);

/**
 * The key that decides whether two company names are the same company: case, accents,
 * punctuation, "&"/"and" and legal suffixes are folded; nothing else. Whole names are compared,
 * never substrings ("Meta" and "Metabase" stay apart). Null for an empty or "None" company.
 */
export function companyKey(name: string | null | undefined): string | null {
  if (!name) return null;
  const known = KNOWN_KEYS.get(name);
  if (known !== undefined) return known;
  const key = computeCompanyKey(name);
  // An export names a few thousand companies thousands of times: each spelling is folded once.
  if (KNOWN_KEYS.size >= KNOWN_KEYS_MAX) KNOWN_KEYS.clear();
  KNOWN_KEYS.set(name, key);
  return key;
}

/**
 * companyKey with a memo of its own for one job (a workspace's build): every spelling it meets
 * folded once. The shared memo below is bounded and a workspace of 25,000 companies outgrows it,
 * emptying it over and over (docs/workspace-network.md "The cold build's cost").
 */
export function companyKeyMemo(): (name: string | null | undefined) => string | null {
  const keys = new Map<string, string | null>();
  return (name) => {
    if (!name) return null;
    let key = keys.get(name);
    if (key === undefined) keys.set(name, (key = companyKey(name)));
    return key;
  };
}

/** Company keys already computed, by spelling; emptied when full (a bounded memo, not a cache to tune). */
const KNOWN_KEYS = new Map<string, string | null>();
const KNOWN_KEYS_MAX = 20_000;

function computeCompanyKey(name: string): string | null {
  // Dots and apostrophes join ("S.A." → "sa", "McDonald's" → "mcdonalds"); other
  // punctuation separates ("Hewlett-Packard" → "hewlett packard").
  const words = foldCase(name)
    .replace(/[.'’]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter((word) => word !== 'and' && word !== '');
  while (words.length > 1 && LEGAL_SUFFIXES.has(words[words.length - 1] ?? '')) words.pop();
  const key = words.join(' ');
  return EMPTY_VALUES.has(key) ? null : key;
}

// Keys that name a situation, not an employer: two freelancers do not know each other because
// of it, so company links skip them (they still match and filter as companies).
const NON_EMPLOYER_KEYS = new Set([
  'self employed',
  'selfemployed',
  'freelance',
  'freelancer',
  'independent',
  'independent consultant',
  'retired',
  'unemployed',
  'student',
  'stealth',
  'stealth startup',
  'stealth mode',
  'confidential',
]);

/** True when people sharing this company key plausibly work together. */
export function isSharedEmployer(key: string): boolean {
  return !NON_EMPLOYER_KEYS.has(key);
}
