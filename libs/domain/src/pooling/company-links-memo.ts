import type { Connection, Relationship } from '@warmpath/contracts';
import { isSharedEmployer } from '../company/company-key.js';
import { groupByCompany, mostUsedSpelling } from '../company/group-by-company.js';
import type { PositionAnalysis } from '../position/function-category.js';
import { deriveCompanyLinks, deriveOneCompanyLinks } from './graph-links.js';

/**
 * The company links of the last build, per company: what a rebuild reuses for every company whose
 * people are unchanged. Opaque to callers: keep the one a build answers and hand it to the next.
 */
export interface CompanyLinksMemo {
  readonly ownerUserId: number;
  readonly byCompany: ReadonlyMap<string, CompanyLinksEntry>;
}

/** One company's links and what they were derived from. */
export interface CompanyLinksEntry {
  /** signatureOf its people; none where `people` says it (companyLinksByCompany). */
  readonly signature?: string;
  readonly links: readonly Relationship[];
  /** The very people they were derived from, when known: the same objects need no signature. */
  readonly people?: readonly Connection[];
}

/**
 * deriveCompanyLinks, one company at a time, reusing the links of a company whose people are the
 * same as in `previous` (same ids, companies, positions and dates, in the same order). The links
 * of a company depend on its own people only, and companies come in key order either way, so the
 * answer is exactly deriveCompanyLinks(people, ownerUserId). A member's import touches the
 * companies of the people it adds: the others (most of a 100,000-person pool) are not regenerated.
 */
export function deriveCompanyLinksReusing(
  people: readonly Connection[],
  ownerUserId: number,
  previous?: CompanyLinksMemo,
): { links: Relationship[]; memo: CompanyLinksMemo } {
  const reusable = previous?.ownerUserId === ownerUserId ? previous.byCompany : undefined;
  const byCompany = new Map<string, CompanyLinksEntry>();
  const links: Relationship[] = [];
  const groups = groupByCompany(people, (person) => person.company);
  for (const key of [...groups.keys()].sort()) {
    const members = groups.get(key)?.members ?? [];
    if (members.length < 2 || !isSharedEmployer(key)) continue;
    const signature = signatureOf(members);
    const known = reusable?.get(key);
    const companyLinks =
      known?.signature === signature ? known.links : deriveCompanyLinks(members, ownerUserId);
    byCompany.set(key, { signature, links: companyLinks });
    for (const link of companyLinks) links.push(link);
  }
  return { links, memo: { ownerUserId, byCompany } };
}

/** Everything of a company's people that its links read: ids, spellings, positions, dates. */
function signatureOf(members: readonly Connection[]): string {
  const parts: string[] = [];
  for (const person of members)
    parts.push(person.id, person.company ?? '', person.position ?? '', person.createdAt);
  return parts.join('\u0000');
}

/**
 * deriveCompanyLinksReusing for people already grouped by company key (groupByCompany's keys and
 * order), as the shared build keeps them: a company whose people are the very objects of the last
 * build, in the same order, keeps its links without its signature being made again (the same
 * objects have the same ids, spellings, positions and dates). Yields now and then, so a caller
 * can pause between companies (docs/workspace-network.md "One shared build per workspace version").
 */
export function* companyLinksByCompany(
  at: ReadonlyMap<string, readonly Connection[]>,
  ownerUserId: number,
  previous?: CompanyLinksMemo,
  spellings?: ReadonlyMap<string, ReadonlyMap<string, number>>,
): Generator<void, CompanyLinksMemo, void> {
  const reusable = previous?.ownerUserId === ownerUserId ? previous.byCompany : undefined;
  // With the spellings of each company's people (as groupByCompany counts them), a company's links
  // come from its people as they are, without grouping them again, positions analysed once a build.
  const analyses = new Map<string, PositionAnalysis>();
  const byCompany = new Map<string, CompanyLinksEntry>();
  let work = 0;
  for (const key of [...at.keys()].sort()) {
    const people = at.get(key) ?? [];
    if (people.length < 2 || !isSharedEmployer(key)) continue;
    const known = reusable?.get(key);
    if (known?.people && samePeople(known.people, people)) {
      byCompany.set(key, known);
      continue;
    }
    const links =
      known?.people && sameFields(known.people, people)
        ? known.links
        : spellings
          ? deriveOneCompanyLinks(
              key,
              mostUsedSpelling(spellings.get(key) ?? new Map()),
              people,
              ownerUserId,
              analyses,
            )
          : deriveCompanyLinks(people, ownerUserId);
    byCompany.set(key, { links, people });
    work += people.length;
    if (work >= COMPANY_SLICE_PEOPLE) {
      work = 0;
      yield;
    }
  }
  return { ownerUserId, byCompany };
}

/** People whose company links are derived between two pauses of companyLinksByCompany. */
const COMPANY_SLICE_PEOPLE = 2_000;

/**
 * What signatureOf compares, field by field, and the function and seniority read from the position
 * (null and '' apart): stricter than the signature, never equal where it is not.
 */
function sameFields(a: readonly Connection[], b: readonly Connection[]): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index++) {
    const x = a[index] as Connection;
    const y = b[index] as Connection;
    if (x === y) continue;
    if (x.id !== y.id || x.company !== y.company || x.position !== y.position || x.createdAt !== y.createdAt)
      return false;
    if (
      x.positionInfo.category !== y.positionInfo.category ||
      x.positionInfo.seniority !== y.positionInfo.seniority
    )
      return false;
  }
  return true;
}

function samePeople(a: readonly Connection[], b: readonly Connection[]): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) return false;
  return true;
}
