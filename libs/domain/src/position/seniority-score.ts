import { WordList, type Words, toWords } from '../text/fold-text.js';

// docs/product.md#seniority: a 1..10 score from the job title. The product names the anchors (manager 6,
// director 7, vp 8, cto/cfo 9, ceo/founder 10); titles that sit at the same level under another
// word (COO, "Chief Marketing Officer", "President", "Board Member", SVP, "Head of") get the same
// score, because the graph sizes nodes by it and a COO drawn as small as an analyst would look
// wrong. The highest level found wins; words are separated by "|" and may be phrases.
const LEVELS: readonly { score: number; words: WordList }[] = (
  [
    [10, 'ceo|founder|cofounder|chief executive officer|chief executive'],
    [9, 'cto|cfo|coo|cmo|cio|cpo|cro|ciso|chief|president|board member|chairman|chairwoman|managing partner'],
    [8, 'vp|svp|evp|avp|vice president'],
    [7, 'director|head of'],
    [6, 'manager'],
  ] as const
).map(([score, words]) => ({ score, words: new WordList(words.split('|')) }));

export const DEFAULT_SENIORITY = 3;
export const MIN_SENIORITY = 1;
export const MAX_SENIORITY = 10;

const SENIOR = new WordList(['senior', 'sr', 'snr']);
const PRINCIPAL = new WordList(['principal', 'staff']);
const JUNIOR = new WordList(['junior', 'jr', 'associate']);
const TRAINEE = new WordList(['intern', 'internship', 'trainee']);

function baseLevel(words: Words): number {
  // "Vice President" must not score as "President".
  const vice = words.padded.includes(' vice president ');
  const withoutVice = vice ? toWords(words.padded.replaceAll(' vice president ', ' vp ')) : words;
  const level = LEVELS.find((candidate) => candidate.words.isIn(withoutVice));
  return level?.score ?? DEFAULT_SENIORITY;
}

/** Seniority of a title already split into words (see `toWords`). */
export function seniorityOfWords(words: Words): number {
  if (TRAINEE.isIn(words)) return MIN_SENIORITY;
  let score = baseLevel(words);
  if (SENIOR.isIn(words)) score += 2;
  if (PRINCIPAL.isIn(words)) score += 3;
  if (JUNIOR.isIn(words)) score -= 1;
  return Math.min(MAX_SENIORITY, Math.max(MIN_SENIORITY, score));
}

/** Seniority 1..10 of a job title (docs/product.md#seniority); an empty title scores the default 3. */
export function seniorityScore(position: string | null | undefined): number {
  return seniorityOfWords(toWords(position));
}
