import type { CompanySummary, Connection } from '@warmpath/contracts';
import { companyKey } from '../company/company-key.js';
import { deriveCompanyLinksReusing, type CompanyLinksMemo } from './company-links-memo.js';
import { countCompaniesHidingSmallGroups } from './counts-only-companies.js';
import { groupPeople, profileKey, type MemberRecord } from './person-identity.js';
import {
  distinctMembers,
  HIDDEN_KNOWER,
  NO_VIEWER,
  personOf,
  poolPerson,
  type PoolMember,
} from './pool-person.js';
import { reusablePerson, type PooledPerson } from './pooled-person-memo.js';

/** Spellings of one company (trimmed, as groupByCompany counts them) and how many use each. */
export type Spellings = Map<string, number>;

/**
 * A workspace pooled once for every member (docs/workspace-network.md "One shared build per
 * workspace version"): each person as someone who knows none of them sees them, and the indexes a
 * viewer's overlay (viewerOverlay) needs to turn it into that viewer's pooled network.
 */
export interface SharedPool {
  /** The members by user id; a member's index here is `member` in `groups`. */
  readonly members: readonly PoolMember[];
  /** Each distinct person: one record per member who knows them, in member order. */
  readonly groups: readonly (readonly MemberRecord[])[];
  /**
   * Groups [0, urlGroups) met on a profile URL, the rest on name + company or alone: groupPeople
   * makes them in that order, which is what lets a viewer's order be rebuilt (mergeView).
   */
  readonly urlGroups: number;
  /** Each group's person as a member who does not know them sees them (node null: counted only). */
  readonly persons: readonly PooledPerson[];
  /** Per member, per record (their `people` index): its group. */
  readonly groupOf: readonly Int32Array[];
  /** Per member: distinct people, and the company key of each one's first record with a count. */
  readonly reach: readonly { people: number; companies: ReadonlyMap<string, number> }[];
  /** The company links between the people shown, per company key (userId HIDDEN_KNOWER). */
  readonly companyLinks: CompanyLinksMemo;
  /** The memo's company keys in code-unit order (the order of a pooling's company links). */
  readonly linkedCompanies: readonly string[];
  /** The people shown, per company key (groupByCompany's key of their node's company). */
  readonly shownAt: ReadonlyMap<string, readonly Connection[]>;
  readonly shownSpellings: ReadonlyMap<string, Spellings>;
  /** The people counted only (no node), by the company of their first record. */
  readonly countedSpellings: ReadonlyMap<string, Spellings>;
  readonly companies: readonly CompanySummary[];
  readonly otherCompanyPeople: number;
  /** Each group's person by its first record: what a rebuild reuses (reusablePerson). */
  readonly byFirstRecord: ReadonlyMap<Connection, PooledPerson>;
}

/**
 * Pools a workspace once, for no viewer in particular: every person as a member who does not know
 * them sees them. O(records) plus company links. With `previous` (the last build of the same
 * workspace), people whose records, knowers and sharing levels are unchanged keep their pooling,
 * and companies whose people are unchanged keep their links.
 */
export function poolWorkspace(members: readonly PoolMember[], previous?: SharedPool): SharedPool {
  const ordered = [...members].sort((a, b) => a.node.userId - b.node.userId);
  const groupOf = ordered.map((member) => new Int32Array(member.people.length));
  const reach = ordered.map(() => ({ people: 0, companies: new Map<string, number>() }));
  const raw = groupPeople(ordered.map((member) => member.people));
  const groups: MemberRecord[][] = [];
  const persons: PooledPerson[] = [];
  const byFirstRecord = new Map<Connection, PooledPerson>();
  const own = previous && { viewerId: HIDDEN_KNOWER, byFirstRecord: previous.byFirstRecord };
  const shown: Connection[] = [];
  const countedOnly: Connection[] = [];
  let urlGroups = raw.length;
  raw.forEach((group, index) => {
    for (const record of group) (groupOf[record.member] as Int32Array)[record.person] = index;
    // A URL group's first record is the one with the URL that made it (groupPeople).
    if (urlGroups === raw.length && profileKey(personOf(ordered, group[0] as MemberRecord)) === null)
      urlGroups = index;
    const records = distinctMembers(group);
    const first = personOf(ordered, records[0] as MemberRecord);
    const key = companyKey(first.company);
    for (const record of records) {
      const memberReach = reach[record.member] as (typeof reach)[number];
      memberReach.people++;
      if (key !== null) memberReach.companies.set(key, (memberReach.companies.get(key) ?? 0) + 1);
    }
    const persons_ = records.map((record) => personOf(ordered, record));
    const knowers = records.map((record) => (ordered[record.member] as PoolMember).node.userId);
    const sharing = records.map((record) => (ordered[record.member] as PoolMember).sharing);
    const person =
      reusablePerson(own, undefined, HIDDEN_KNOWER, persons_, knowers, sharing) ??
      poolPerson(ordered, records, persons_, knowers, sharing, NO_VIEWER, HIDDEN_KNOWER);
    groups.push(records);
    persons.push(person);
    byFirstRecord.set(first, person);
    if (person.node) shown.push(person.node);
    else countedOnly.push(first);
  });
  const companyLinks = deriveCompanyLinksReusing(shown, HIDDEN_KNOWER, previous?.companyLinks);
  const counts = countCompaniesHidingSmallGroups(shown, countedOnly);
  return {
    members: ordered,
    groups,
    urlGroups,
    persons,
    groupOf,
    reach,
    companyLinks: companyLinks.memo,
    linkedCompanies: [...companyLinks.memo.byCompany.keys()],
    shownAt: byCompany(shown),
    shownSpellings: spellingsByCompany(shown),
    countedSpellings: spellingsByCompany(countedOnly),
    companies: counts.companies,
    otherCompanyPeople: counts.otherPeople,
    byFirstRecord,
  };
}

/** The key groupByCompany files a company spelling under (null: no company). */
export function companyKeyOf(company: string | null | undefined): { key: string; spelling: string } | null {
  const spelling = company?.trim();
  if (!spelling) return null;
  const key = companyKey(spelling);
  return key === null ? null : { key, spelling };
}

function byCompany(people: readonly Connection[]): Map<string, Connection[]> {
  const at = new Map<string, Connection[]>();
  for (const person of people) {
    const company = companyKeyOf(person.company);
    if (!company) continue;
    const list = at.get(company.key);
    if (list) list.push(person);
    else at.set(company.key, [person]);
  }
  return at;
}

function spellingsByCompany(people: readonly Connection[]): Map<string, Spellings> {
  const at = new Map<string, Spellings>();
  for (const person of people) {
    const company = companyKeyOf(person.company);
    if (!company) continue;
    let spellings = at.get(company.key);
    if (!spellings) at.set(company.key, (spellings = new Map()));
    spellings.set(company.spelling, (spellings.get(company.spelling) ?? 0) + 1);
  }
  return at;
}
