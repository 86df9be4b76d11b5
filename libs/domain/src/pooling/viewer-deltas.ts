import type { CompanySummary, Connection, Relationship } from '@warmpath/contracts';
import { companyKey } from '../company/company-key.js';
import { mostUsedSpelling } from '../company/group-by-company.js';
import { deriveCompanyLinksReusing, type CompanyLinksMemo } from './company-links-memo.js';
import { MIN_COUNTS_ONLY_COMPANY_GROUP } from './counts-only-companies.js';
import type { MemberRecord } from './person-identity.js';
import type { MemberReach } from './pool-network.js';
import type { PoolMember } from './pool-person.js';
import { companyKeyOf, type SharedPool, type Spellings } from './shared-pool.js';

// What a viewer's own people change in the shared build's companies and members' reach
// (docs/workspace-network.md "One shared build per workspace version"); used by viewerOverlay
// and viewerPatch.

/** The people shown and counted only of the companies a viewer's people move between. */
export class CompanyDelta {
  private readonly removed = new Set<Connection>();
  private readonly added = new Map<string, Connection[]>();
  private readonly shown = new Map<string, Spellings>();
  private readonly counted = new Map<string, Spellings>();

  constructor(private readonly shared: SharedPool) {}

  moveShown(node: Connection, by: 1 | -1): void {
    const company = companyKeyOf(node.company);
    if (!company) return;
    if (by < 0) this.removed.add(node);
    else {
      const list = this.added.get(company.key);
      if (list) list.push(node);
      else this.added.set(company.key, [node]);
    }
    if (by < 0 && !this.added.has(company.key)) this.added.set(company.key, []);
    count(this.shown, this.shared.shownSpellings, company.key, company.spelling, by);
  }

  moveCounted(first: Connection, by: 1 | -1): void {
    const company = companyKeyOf(first.company);
    if (company) count(this.counted, this.shared.countedSpellings, company.key, company.spelling, by);
  }

  /**
   * deriveCompanyLinks of each company whose people shown changed, as a pooling derives them; a
   * company whose people are the same as in `previous` keeps its links (deriveCompanyLinksReusing).
   */
  links(
    viewerId: number,
    previous?: CompanyLinksMemo,
  ): { byCompany: Map<string, readonly Relationship[]>; memo: CompanyLinksMemo } {
    const people: Connection[] = [];
    for (const [key, added] of this.added) {
      for (const person of this.shared.shownAt.get(key) ?? [])
        if (!this.removed.has(person)) people.push(person);
      for (const person of added) people.push(person);
    }
    const { memo } = deriveCompanyLinksReusing(people, viewerId, previous);
    const byCompany = new Map<string, readonly Relationship[]>();
    // A company of fewer than two people, or no shared employer, has none.
    for (const key of this.added.keys()) byCompany.set(key, memo.byCompany.get(key)?.links ?? []);
    return { byCompany, memo };
  }

  /** countCompaniesHidingSmallGroups for the companies changed, and the new otherCompanyPeople. */
  summaries(): { companies: Map<string, CompanySummary | null>; otherPeople: number } {
    const companies = new Map<string, CompanySummary | null>();
    let otherPeople = this.shared.otherCompanyPeople;
    for (const key of new Set([...this.shown.keys(), ...this.counted.keys()])) {
      const before = total(this.shared.countedSpellings.get(key));
      if (before < MIN_COUNTS_ONLY_COMPANY_GROUP) otherPeople -= before;
      const shown = this.shown.get(key) ?? this.shared.shownSpellings.get(key);
      const counted = this.counted.get(key) ?? this.shared.countedSpellings.get(key);
      const hidden = total(counted);
      const named = hidden >= MIN_COUNTS_ONLY_COMPANY_GROUP;
      if (!named) otherPeople += hidden;
      const spellings = new Map(shown);
      if (named)
        for (const [spelling, n] of counted ?? [])
          spellings.set(spelling, (spellings.get(spelling) ?? 0) + n);
      const people = total(spellings);
      companies.set(key, people === 0 ? null : { name: mostUsedSpelling(spellings), key, count: people });
    }
    return { companies, otherPeople };
  }
}

/** Adds `by` to a spelling's count in a copy of the shared spellings of its company. */
function count(
  mine: Map<string, Spellings>,
  shared: ReadonlyMap<string, Spellings>,
  key: string,
  spelling: string,
  by: number,
): void {
  let spellings = mine.get(key);
  if (!spellings) mine.set(key, (spellings = new Map(shared.get(key))));
  const n = (spellings.get(spelling) ?? 0) + by;
  if (n === 0) spellings.delete(spelling);
  else spellings.set(spelling, n);
}

const total = (spellings: ReadonlyMap<string, number> | undefined): number => {
  let sum = 0;
  for (const n of spellings?.values() ?? []) sum += n;
  return sum;
};

/** Members' reach with the companies of the viewer's people read from the viewer's records. */
export class ReachDelta {
  /** Per member, per company key: people added (or taken, negative) by the viewer's records. */
  private readonly changed = new Map<number, Map<string, number>>();

  constructor(private readonly shared: SharedPool) {}

  /** A group whose first record becomes the viewer's: its knowers' company moves with it. */
  move(records: readonly MemberRecord[], before: Connection, after: Connection): void {
    if (before.company === after.company) return;
    this.moveKeys(records, companyKey(before.company), companyKey(after.company));
  }

  /** move() with the company keys of the two records known already. */
  moveKeys(records: readonly MemberRecord[], from: string | null, to: string | null): void {
    if (from === to) return;
    for (const record of records) {
      let delta = this.changed.get(record.member);
      if (!delta) this.changed.set(record.member, (delta = new Map()));
      if (from !== null) delta.set(from, (delta.get(from) ?? 0) - 1);
      if (to !== null) delta.set(to, (delta.get(to) ?? 0) + 1);
    }
  }

  of(member: number): MemberReach {
    const { node, sharing } = this.shared.members[member] as PoolMember;
    const reach = this.shared.reach[member] as SharedPool['reach'][number];
    let companies = reach.companies.size;
    for (const [key, by] of this.changed.get(member) ?? []) {
      const before = reach.companies.get(key) ?? 0;
      companies += Number(before + by > 0) - Number(before > 0);
    }
    return { userId: node.userId, sharing, people: reach.people, companies };
  }
}
