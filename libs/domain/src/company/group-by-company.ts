import { companyKey } from './company-key.js';

export interface CompanyGroup<T> {
  key: string;
  /** The spelling most members use ("Acme" over "ACME, Inc." when more people write it so). */
  name: string;
  members: T[];
}

interface GroupDraft<T> {
  members: T[];
  spellings: Map<string, number>;
}

/** Groups items by the company key of their company; items without a company are left out. */
export function groupByCompany<T>(
  items: readonly T[],
  companyOf: (item: T) => string | null | undefined,
): Map<string, CompanyGroup<T>> {
  // Exports repeat the same few spellings thousands of times: key each spelling once.
  const keyCache = new Map<string, string | null>();
  const drafts = new Map<string, GroupDraft<T>>();
  for (const item of items) {
    const spelling = companyOf(item)?.trim();
    if (!spelling) continue;
    let key = keyCache.get(spelling);
    if (key === undefined) {
      key = companyKey(spelling);
      keyCache.set(spelling, key);
    }
    if (key === null) continue;
    const draft = drafts.get(key) ?? { members: [], spellings: new Map<string, number>() };
    drafts.set(key, draft);
    draft.members.push(item);
    draft.spellings.set(spelling, (draft.spellings.get(spelling) ?? 0) + 1);
  }
  const groups = new Map<string, CompanyGroup<T>>();
  for (const [key, draft] of drafts) {
    groups.set(key, { key, name: mostUsedSpelling(draft.spellings), members: draft.members });
  }
  return groups;
}

/** Ties go to the first spelling in code-unit order, so input order never changes the name. */
export function mostUsedSpelling(spellings: ReadonlyMap<string, number>): string {
  let best = '';
  let bestCount = 0;
  for (const [spelling, count] of spellings) {
    if (count > bestCount || (count === bestCount && spelling < best)) {
      best = spelling;
      bestCount = count;
    }
  }
  return best;
}
