import { targetCompanyKey } from './target-company-key.js';

// docs/targets.md#suggestions: nearest network companies for the "correct a match" picker.

export interface SuggestableCompany {
  name: string;
}

export interface CompanySuggestionHit {
  /** The folded key (targetCompanyKey) of the company, what a correction stores. */
  key: string;
  /** The spelling shown: the first one given for that key. */
  name: string;
  /** Trigram similarity of the folded keys, 0..1 (1: equal keys). */
  similarity: number;
}

/** What answers suggestions: a CompanySuggester, or a reader's view over a shared one. */
export interface CompanySuggestions {
  suggest(name: string, limit?: number): CompanySuggestionHit[];
}

/** Least similarity suggested: pg_trgm's default threshold. */
export const MIN_SUGGESTION_SIMILARITY = 0.3;

/**
 * The trigrams of a folded key as pg_trgm counts them: each word padded with two spaces in
 * front and one behind ("acme" → "  a", " ac", "acm", "cme", "me "), without repeats.
 */
export function trigrams(key: string): string[] {
  const result = new Set<string>();
  for (const word of key.split(' ')) {
    if (!word) continue;
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) result.add(padded.slice(i, i + 3));
  }
  return [...result];
}

/**
 * An inverted trigram index over companies' folded names, built once per network (20,000
 * companies: tens of milliseconds) and asked many times: a question touches only the companies
 * sharing a trigram with it.
 */
export class CompanySuggester implements CompanySuggestions {
  private readonly keys: string[] = [];
  private readonly names: string[] = [];
  private readonly sizes: number[] = [];
  private readonly postings = new Map<string, number[]>();
  /** Shared-trigram counts of the question being answered, by company (reused, zeroed after). */
  private shared = new Uint16Array(0);

  constructor(companies: Iterable<SuggestableCompany>) {
    const seen = new Set<string>();
    for (const company of companies) {
      const key = targetCompanyKey(company.name);
      if (key === null || seen.has(key)) continue;
      seen.add(key);
      const id = this.keys.length;
      const grams = trigrams(key);
      this.keys.push(key);
      this.names.push(company.name.trim());
      this.sizes.push(grams.length);
      for (const gram of grams) {
        const list = this.postings.get(gram);
        if (list) list.push(id);
        else this.postings.set(gram, [id]);
      }
    }
    this.shared = new Uint16Array(this.keys.length);
  }

  get size(): number {
    return this.keys.length;
  }

  /**
   * Up to `limit` companies most like `name`, most similar first (ties by key), none below the
   * threshold. Prefix filtering keeps common trigrams ("  g", "gro" of every "Group") cheap: a
   * company reaching the threshold shares at least ceil(minSimilarity × |query|) trigrams with
   * the question, so it holds one of the rarest |query| − that + 1; candidates come from those
   * postings only, and the other trigrams are looked up by binary search (postings are in id order).
   */
  suggest(name: string, limit = 5, minSimilarity = MIN_SUGGESTION_SIMILARITY): CompanySuggestionHit[] {
    const key = targetCompanyKey(name);
    if (key === null || limit <= 0) return [];
    const grams = trigrams(key).map((gram) => this.postings.get(gram) ?? []);
    grams.sort((a, b) => a.length - b.length);
    const needed = Math.max(1, Math.ceil(minSimilarity * grams.length));
    const prefix = grams.length - needed + 1;
    const touched: number[] = [];
    for (const postings of grams.slice(0, prefix)) {
      for (const id of postings) {
        if (this.shared[id] === 0) touched.push(id);
        this.shared[id] = (this.shared[id] as number) + 1;
      }
    }
    const hits: CompanySuggestionHit[] = [];
    for (const id of touched) {
      let shared = this.shared[id] as number;
      this.shared[id] = 0;
      for (let g = prefix; g < grams.length; g++) if (contains(grams[g] as number[], id)) shared++;
      const similarity = shared / (grams.length + (this.sizes[id] as number) - shared);
      if (similarity >= minSimilarity)
        hits.push({ key: this.keys[id] as string, name: this.names[id] as string, similarity });
    }
    hits.sort((a, b) => b.similarity - a.similarity || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    return hits.slice(0, limit);
  }
}

/** Binary search in ascending ids. */
function contains(ids: readonly number[], id: number): boolean {
  let low = 0;
  let high = ids.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const value = ids[middle] as number;
    if (value === id) return true;
    if (value < id) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}

/**
 * The nearest companies to `name` (see CompanySuggester). Give a CompanySuggester built once
 * when asking for many names; a plain list is indexed on every call.
 */
export function suggestCompanies(
  name: string,
  companies: CompanySuggester | Iterable<SuggestableCompany>,
  limit = 5,
): CompanySuggestionHit[] {
  const suggester = companies instanceof CompanySuggester ? companies : new CompanySuggester(companies);
  return suggester.suggest(name, limit);
}
