// Folding used for matching: titles and company names arrive in every case, with accents and
// punctuation, and must still compare equal when they name the same thing.

const COMBINING_MARKS = /\p{M}+/gu;
const NON_WORD = /[^\p{L}\p{N}]+/gu;
const NON_WORD_ASCII = /[^a-z0-9]+/g;
const ASCII_ONLY = /^[\x20-\x7e]*$/;

/** Lower case without accents ("Société" → "societe"). */
export function foldCase(text: string): string {
  // Most names are plain ASCII: skip the Unicode decomposition, the costly part.
  if (ASCII_ONLY.test(text)) return text.toLowerCase();
  return text.normalize('NFKD').replace(COMBINING_MARKS, '').toLowerCase();
}

/**
 * The folded words of a text, both as a list and as one string padded with spaces
 * (" vice president sales "), so a phrase check is a plain `includes(' head of ')`.
 * Matching whole words means "cto" never matches inside "doctor", and "Co-Founder" still
 * contains the word "founder".
 */
export interface Words {
  readonly list: readonly string[];
  readonly padded: string;
}

const NO_WORDS: Words = { list: [], padded: ' ' };

export function toWords(text: string | null | undefined): Words {
  if (!text) return NO_WORDS;
  // The ASCII pattern is several times faster than the Unicode one and covers most titles.
  const folded = foldCase(text);
  const joined = folded.replace(ASCII_ONLY.test(folded) ? NON_WORD_ASCII : NON_WORD, ' ').trim();
  return joined ? { list: joined.split(' '), padded: ` ${joined} ` } : NO_WORDS;
}

/**
 * Words and phrases to look for. Single words are looked up in a Set (a title has a handful of
 * words, a list dozens of keywords), phrases by substring on the padded text.
 */
export class WordList {
  private readonly single: ReadonlySet<string>;
  private readonly phrases: readonly string[];

  constructor(wordsOrPhrases: readonly string[]) {
    this.single = new Set(wordsOrPhrases.filter((word) => !word.includes(' ')));
    this.phrases = wordsOrPhrases.filter((word) => word.includes(' ')).map((phrase) => ` ${phrase} `);
  }

  /** True when the text holds any of the words or phrases. */
  isIn(words: Words): boolean {
    for (const word of words.list) if (this.single.has(word)) return true;
    for (const phrase of this.phrases) if (words.padded.includes(phrase)) return true;
    return false;
  }
}
