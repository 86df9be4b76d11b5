import type { CompanySummary } from '@warmpath/contracts';
import { companyKey, topCompanies } from '@warmpath/domain';

/** product-spec §9: the sidebar shows 6 top companies unless searching or 'Show all companies'. */
export const SIDEBAR_TOP_COMPANIES = 6;

type Person = { company: string | null; isUser: boolean; industry: string | null; location: string | null };

/** Every company of the network, most connections first (spellings of one company together). */
export function companyOptions(connections: readonly Person[]): CompanySummary[] {
  return topCompanies(connections, Number.MAX_SAFE_INTEGER);
}

/** The companies the list shows: a substring search on the name, else the top 6 or all. */
export function visibleCompanies(
  all: readonly CompanySummary[],
  search: string,
  showAll: boolean,
): CompanySummary[] {
  const query = search.trim().toLowerCase();
  if (query) return all.filter((company) => company.name.toLowerCase().includes(query));
  return showAll ? [...all] : all.slice(0, SIDEBAR_TOP_COMPANIES);
}

export function isCompanySelected(selected: readonly string[], name: string): boolean {
  const key = companyKey(name);
  return key !== null && selected.some((company) => companyKey(company) === key);
}

/** Selects or unselects a company, matching spellings of the same company (companyKey). */
export function toggleCompany(selected: readonly string[], name: string): string[] {
  const key = companyKey(name);
  if (isCompanySelected(selected, name)) return selected.filter((company) => companyKey(company) !== key);
  return [...selected, name];
}

/**
 * The values of an optional column (Industry, Location) present in the data, for a select that
 * lists only what exists (DECISIONS.md). Case-insensitive duplicates are one option.
 */
export function attributeOptions(connections: readonly Person[], field: 'industry' | 'location'): string[] {
  const seen = new Map<string, string>();
  for (const connection of connections) {
    const value = connection[field]?.trim();
    if (connection.isUser || !value) continue;
    const key = value.toLowerCase();
    if (!seen.has(key)) seen.set(key, value);
  }
  return [...seen.values()].sort((a, b) => a.localeCompare(b));
}
