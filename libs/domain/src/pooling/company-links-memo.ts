import type { Connection, Relationship } from '@warmpath/contracts';
import { isSharedEmployer } from '../company/company-key.js';
import { groupByCompany } from '../company/group-by-company.js';
import { deriveCompanyLinks } from './graph-links.js';

/**
 * The company links of the last build, per company: what a rebuild reuses for every company whose
 * people are unchanged. Opaque to callers: keep the one a build answers and hand it to the next.
 */
export interface CompanyLinksMemo {
  readonly ownerUserId: number;
  readonly byCompany: ReadonlyMap<string, { signature: string; links: readonly Relationship[] }>;
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
  const byCompany = new Map<string, { signature: string; links: readonly Relationship[] }>();
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
