// Company names for the target-list benches (docs/targets.md): many companies, named from 150 × 150
// words and a legal form, so that common words (Group, Capital...) are shared by hundreds of them,
// as in a real network; and the spellings a CRM export gives the same company.

const SUFFIXES = ['Inc.', 'Ltd', 'GmbH', '', 'S.A.', 'plc'];
const WORDS = Array.from(
  { length: 150 },
  (_, i) =>
    `${'bcdfghklmnprstvz'[i % 16]}${'aeiou'[i % 5]}${'lnrst'[(i * 7) % 5]}${'aeiouy'[(i * 3) % 6]}${i >= 75 ? 'x' : ''}`,
);
const GENERIC = ['Group', 'Capital', 'Labs', 'Systems', 'Partners', 'Health', 'Bank', 'Consulting'];
const capitalised = (word) => word[0].toUpperCase() + word.slice(1);

/** Company number `c`'s name; distinct folded names up to 22,500 companies. */
export const companyName = (c) =>
  `${capitalised(WORDS[c % 150])}${WORDS[Math.floor(c / 150) % 150]} ${c % 4 === 0 ? GENERIC[c % 8] : ''} ${SUFFIXES[c % SUFFIXES.length]}`
    .replace(/\s+/g, ' ')
    .trim();

const LEGAL_FORM = / (Inc\.|Ltd|GmbH|S\.A\.|plc)$/;

/**
 * The same company as a list would spell it (legal-form noise that targetCompanyKey folds): with
 * "The" in front, another legal form, or in capitals; `variant` picks one.
 */
export function noisyCompanyName(name, variant) {
  switch (variant % 3) {
    case 0:
      return `The ${name}`;
    case 1:
      return `${name.replace(LEGAL_FORM, '')}, Inc.`;
    default:
      return name.toUpperCase();
  }
}
