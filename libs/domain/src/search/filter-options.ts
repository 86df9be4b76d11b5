import type { CompanySummary } from '@warmpath/contracts';
import { companyKey } from '../company/company-key.js';
import { topCompanies } from './search-connections.js';

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

type ImportRun = { state: string; createdAt: string; updated: number; unchanged: number; absent: number };

/**
 * Since when "changed since last import" counts: the start of the latest completed import, when it
 * was a re-import (a first import has no earlier export to compare with). `imports` newest first,
 * as GET /api/imports lists them.
 */
export function lastImportStart(imports: readonly ImportRun[]): string | null {
  const latest = imports.find((run) => run.state === 'completed');
  if (!latest || latest.updated + latest.unchanged + latest.absent === 0) return null;
  return latest.createdAt;
}

type Changeable = {
  id: string;
  isUser: boolean;
  createdAt: string;
  exportHistory?: { jobChangedAt: string | null };
};

/**
 * The people the latest import added or saw change job: added at or after its start, or with a job
 * change seen at or after it (issue 15's "changed since last import").
 */
export function changedSinceLastImport(connections: readonly Changeable[], since: string): Set<string> {
  const from = Date.parse(since);
  const changed = new Set<string>();
  for (const person of connections) {
    if (person.isUser) continue;
    const movedAt = person.exportHistory?.jobChangedAt;
    if (Date.parse(person.createdAt) >= from || (movedAt && Date.parse(movedAt) >= from))
      changed.add(person.id);
  }
  return changed;
}
