import type { CompanySummary, Connection, Relationship, SharingLevel } from '@warmpath/contracts';
import { companyKey } from '../company/company-key.js';
import type { WarmthTie } from '../warm-path/warmth-graph.js';
import { deriveCompanyLinksReusing, type CompanyLinksMemo } from './company-links-memo.js';
import { countCompaniesHidingSmallGroups } from './counts-only-companies.js';
import { toTeammateLink } from './graph-links.js';
import { groupPeople, type MemberRecord } from './person-identity.js';
import {
  distinctMembers,
  personOf,
  poolPerson,
  selfNode,
  teammateNode,
  type PoolMember,
} from './pool-person.js';
import {
  reusablePerson,
  type PooledPeopleMemo,
  type PooledPerson,
  type StrangersMemo,
} from './pooled-person-memo.js';

export { HIDDEN_KNOWER, type PoolMember } from './pool-person.js';

/** How far each member reaches: distinct people and companies they know, shown or not. */
export interface MemberReach {
  userId: number;
  sharing: SharingLevel;
  people: number;
  companies: number;
}

export interface PooledNetwork {
  /** The viewer's own node (isUser, degree 0). */
  self: Connection;
  /** One node per other member (isTeammate, id `u<userId>`), by user id. */
  teammates: Connection[];
  /** One node per distinct person someone may see; degree 1 (the viewer knows them) or 2. */
  people: Connection[];
  /** Each knower → person ('connection'), per person, the viewer's link first. */
  knowsLinks: Relationship[];
  /** The tie behind each knows link (same order): that member's own years and history. */
  knowsTies: WarmthTie[];
  /** The viewer → each teammate. */
  teammateLinks: Relationship[];
  /** Company links between the people shown. */
  companyLinks: Relationship[];
  /**
   * Every company of the people shown, and of the people counted only (known only by members on
   * `counts`) where at least MIN_COUNTS_ONLY_COMPANY_GROUP of those work; most people first.
   */
  companies: CompanySummary[];
  /** Counted-only people at a company with fewer of them than that: counted, never named. */
  otherCompanyPeople: number;
  members: MemberReach[];
  /** What a rebuild of this pool (same viewer) may reuse: hand it to the next poolNetwork. */
  reuse: PoolReuse;
}

/** Parts of a previous pooling that a rebuild reuses where their inputs did not change. */
export interface PoolReuse {
  /** The same viewer's last pooling. */
  people?: PooledPeopleMemo;
  /** The workspace's people as someone who does not know them sees them (any viewer's pooling). */
  strangers?: StrangersMemo;
  companyLinks?: CompanyLinksMemo;
}

/**
 * The pooled network of a workspace as one member (the viewer) sees it (docs/product.md#pooled-networks,
 * docs/product.md#sharing-levels). Pure and O(records) apart from company links:
 * - one node per distinct person (groupPeople), its id and `userId` the viewer's record when the
 *   viewer knows them, else the first sharing member's (members by user id); `knownBy` every
 *   member who knows them, a member on `counts` as HIDDEN_KNOWER (0): they add to "known by N"
 *   and are never named;
 * - a member on `counts` shows no person: someone only they know is no node, only counted in
 *   `members`, and in `companies` by the k-anonymity rule of countCompaniesHidingSmallGroups
 *   (else in `otherCompanyPeople`); their links are not drawn (how they know someone stays theirs);
 * - names, company and position from whoever shows the person; the profile URL only from the
 *   viewer or a member sharing `profiles` or more, the e-mail from the viewer or one sharing
 *   `emails`; notes only ever the viewer's own;
 * - degrees are the viewer's: 1 they know the person, 2 only teammates do. Every pooled person is
 *   known by a member, so degree 3 (reachable only through company links) cannot occur here.
 * The viewer sees their own connections whatever their own sharing level.
 */
export function poolNetwork(
  viewerId: number,
  members: readonly PoolMember[],
  previous: PoolReuse = {},
): PooledNetwork {
  const viewer = members.find((member) => member.node.userId === viewerId);
  if (!viewer) throw new Error(`The viewer ${viewerId} is not a member`);
  const ordered = [
    viewer,
    ...members.filter((m) => m !== viewer).sort((a, b) => a.node.userId - b.node.userId),
  ];
  const self = selfNode(viewer);
  const teammates = ordered.slice(1).map((member) => teammateNode(member, viewerId));
  const pooled: PooledNetwork = {
    self,
    teammates,
    people: [],
    knowsLinks: [],
    knowsTies: [],
    teammateLinks: teammates.map((teammate) => toTeammateLink(self, teammate)),
    companyLinks: [],
    companies: [],
    otherCompanyPeople: 0,
    members: [],
    reuse: {},
  };
  const countedOnly: Connection[] = [];
  const reach = ordered.map(() => ({ people: 0, companies: new Set<string>() }));
  const byFirstRecord = new Map<Connection, PooledPerson>();
  const strangers = new Map<Connection, PooledPerson>();
  for (const group of groupPeople(ordered.map((member) => member.people))) {
    const records = distinctMembers(group);
    const first = personOf(ordered, records[0] as MemberRecord);
    const key = companyKey(first.company);
    for (const record of records) {
      const memberReach = reach[record.member] as (typeof reach)[number];
      memberReach.people++;
      if (key !== null) memberReach.companies.add(key);
    }
    const persons = records.map((record) => personOf(ordered, record));
    const knowers = records.map((record) => (ordered[record.member] as PoolMember).node.userId);
    const sharing = records.map((record) => (ordered[record.member] as PoolMember).sharing);
    const person =
      reusablePerson(previous.people, previous.strangers, viewerId, persons, knowers, sharing) ??
      poolPerson(ordered, records, persons, knowers, sharing, 0, viewerId);
    byFirstRecord.set(first, person);
    if (!knowers.includes(viewerId)) strangers.set(first, person);
    if (!person.node) {
      countedOnly.push(first);
      continue;
    }
    pooled.people.push(person.node);
    for (const link of person.knowsLinks) pooled.knowsLinks.push(link);
    for (const tie of person.knowsTies) pooled.knowsTies.push(tie);
  }
  const companyLinks = deriveCompanyLinksReusing(pooled.people, viewerId, previous.companyLinks);
  pooled.companyLinks = companyLinks.links;
  pooled.reuse = { people: { viewerId, byFirstRecord }, strangers, companyLinks: companyLinks.memo };
  const companies = countCompaniesHidingSmallGroups(pooled.people, countedOnly);
  pooled.companies = companies.companies;
  pooled.otherCompanyPeople = companies.otherPeople;
  pooled.members = ordered.map((member, index) => ({
    userId: member.node.userId,
    sharing: member.sharing,
    people: (reach[index] as (typeof reach)[number]).people,
    companies: (reach[index] as (typeof reach)[number]).companies.size,
  }));
  return pooled;
}
