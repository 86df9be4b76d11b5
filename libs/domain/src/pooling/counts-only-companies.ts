import type { CompanySummary } from '@warmpath/contracts';
import { groupByCompany } from '../company/group-by-company.js';
import { topCompanies } from '../search/search-connections.js';

/**
 * The fewest people a company needs among those counted only from `counts` knowledge to be named
 * by them (k-anonymity, docs/workspace-network.md "Counts only: k-anonymity"). A member on
 * `counts` expects nobody to learn who they know: "Vault Inc: 1" names the employer of the one
 * person they know there, and with a small company that is the person. From 3 on, a named count
 * stands for a group in which no single person is singled out, and the companies of a typical
 * export (a few hundred people per thousand spread over hundreds of employers) mostly stay named.
 */
export const MIN_COUNTS_ONLY_COMPANY_GROUP = 3;

export interface CompanyCounts {
  /** Every company named, most people first (ties by name), as `topCompanies` orders them. */
  companies: CompanySummary[];
  /** People counted only from `counts` knowledge whose company has too few of them to be named. */
  otherPeople: number;
}

interface CompanyHolder {
  company: string | null;
}

/**
 * The company counts of an aggregate that includes people nobody may see (known only by members
 * on `counts`): the people shown count as they are; the counted-only people of a company count
 * into it only when at least `minGroup` of them are there, otherwise into `otherPeople`, so no
 * answer names a company from fewer than `minGroup` hidden people. People without a company name
 * no company and are in neither.
 */
export function countCompaniesHidingSmallGroups(
  shown: readonly CompanyHolder[],
  countedOnly: readonly CompanyHolder[],
  minGroup: number = MIN_COUNTS_ONLY_COMPANY_GROUP,
): CompanyCounts {
  const counted = shown.map((person) => ({ company: person.company, isUser: false }));
  let otherPeople = 0;
  for (const group of groupByCompany(countedOnly, (person) => person.company).values()) {
    if (group.members.length < minGroup) otherPeople += group.members.length;
    else for (const person of group.members) counted.push({ company: person.company, isUser: false });
  }
  return { companies: topCompanies(counted, Number.MAX_SAFE_INTEGER), otherPeople };
}
