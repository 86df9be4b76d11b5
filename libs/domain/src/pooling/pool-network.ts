import type { CompanySummary, Connection, Relationship, SharingLevel } from '@warmpath/contracts';
import { companyKey } from '../company/company-key.js';
import type { WarmthTie } from '../warm-path/warmth-graph.js';
import { shownStrength } from '../warmth/share-tie.js';
import { deriveCompanyLinksReusing, type CompanyLinksMemo } from './company-links-memo.js';
import { countCompaniesHidingSmallGroups } from './counts-only-companies.js';
import { toKnowsLink, toTeammateLink } from './graph-links.js';
import { groupPeople, type MemberRecord } from './person-identity.js';
import {
  reusablePerson,
  type PooledPeopleMemo,
  type PooledPerson,
  type StrangersMemo,
} from './pooled-person-memo.js';

/** One member of a workspace as the pooling reads them. */
export interface PoolMember {
  /** Their user node (`u<userId>`, their profile), as their own network shows it. */
  node: Connection;
  /** What the workspace may see of their connections (docs/product.md#workspaces). */
  sharing: SharingLevel;
  /** Their stored connections as their own network shows them (their notes included). */
  people: readonly Connection[];
}

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

/** A teammate on `counts` in a person's `knownBy`: counted, never named (0 is no user's id). */
export const HIDDEN_KNOWER = 0;

const SHARING_RANK: Record<SharingLevel, number> = { counts: 0, names: 1, profiles: 2, emails: 3 };

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
  const self: Connection = {
    ...viewer.node,
    isUser: true,
    isTeammate: false,
    connectionDegree: 0,
    knownBy: [],
  };
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
      poolPerson(ordered, records, persons, knowers, sharing, viewerId);
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

function teammateNode(member: PoolMember, viewerId: number): Connection {
  return {
    ...member.node,
    // Their account's e-mail is shown as their connections' are: only when they share e-mails.
    email: member.sharing === 'emails' ? member.node.email : null,
    notes: null,
    isUser: false,
    isTeammate: true,
    connectionDegree: 1,
    knownBy: [viewerId],
  };
}

/** One distinct person pooled: their node when someone shows them, and each shower's knows link. */
function poolPerson(
  ordered: readonly PoolMember[],
  records: readonly MemberRecord[],
  persons: readonly Connection[],
  knowers: readonly number[],
  sharing: readonly SharingLevel[],
  viewerId: number,
): PooledPerson {
  const visible = records.filter((r) => r.member === 0 || ordered[r.member]?.sharing !== 'counts');
  const pooled: PooledPerson = {
    pooledFor: viewerId,
    records: persons,
    knowers,
    sharing,
    node: null,
    knowsLinks: [],
    knowsTies: [],
  };
  if (visible.length === 0) return pooled;
  const node = personNode(ordered, records, visible);
  return {
    ...pooled,
    node,
    knowsLinks: visible.map((record) => {
      const tie = personOf(ordered, record);
      // The link's width shows no more of the tie's score than its member shares.
      const shown = shownStrength(tie, levelOf(ordered, record)).strength;
      return toKnowsLink(node, (ordered[record.member] as PoolMember).node.userId, {
        ...tie,
        strength: shown,
      });
    }),
    knowsTies: visible.map((record): WarmthTie => {
      const tie = personOf(ordered, record);
      // The path search weighs the member's full score; the hop explains only what they share.
      const shown = shownStrength(tie, levelOf(ordered, record));
      const score = tie.strength?.score;
      return {
        yearsConnected: tie.yearsConnected,
        hasWorkedWith: tie.hasWorkedWith,
        ...shown,
        ...(score === undefined ? {} : { score }),
      };
    }),
  };
}

/**
 * Who a record's member is in a person's `knownBy`: their user id, or HIDDEN_KNOWER for a teammate
 * on `counts`, who adds to "known by N" without being named (docs/security.md#what-a-workspace-learns-of-a-member-on-counts-only).
 */
const knowerId = (members: readonly PoolMember[], record: MemberRecord): number => {
  const member = members[record.member] as PoolMember;
  return record.member !== 0 && member.sharing === 'counts' ? HIDDEN_KNOWER : member.node.userId;
};

/** What a record's member shares; the viewer sees all of their own. */
const levelOf = (members: readonly PoolMember[], record: MemberRecord): SharingLevel =>
  record.member === 0 ? 'emails' : (members[record.member] as PoolMember).sharing;

const personOf = (members: readonly PoolMember[], record: MemberRecord): Connection =>
  (members[record.member] as PoolMember).people[record.person] as Connection;

/** A group's records in member order (the viewer first), one per member. */
function distinctMembers(group: readonly MemberRecord[]): MemberRecord[] {
  const sorted = group.length > 1 ? [...group].sort((a, b) => a.member - b.member) : group;
  return sorted.filter((record, index) => index === 0 || sorted[index - 1]?.member !== record.member);
}

/** The node of a person shown: the first visible record's fields, shared fields by level. */
function personNode(
  members: readonly PoolMember[],
  records: readonly MemberRecord[],
  visible: readonly MemberRecord[],
): Connection {
  const representative = visible[0] as MemberRecord;
  const base = personOf(members, representative);
  const shared = (level: SharingLevel, field: 'linkedinUrl' | 'email'): string | null => {
    for (const record of visible) {
      const value = personOf(members, record)[field];
      const rank =
        record.member === 0
          ? SHARING_RANK.emails
          : SHARING_RANK[(members[record.member] as PoolMember).sharing];
      if (value && rank >= SHARING_RANK[level]) return value;
    }
    return null;
  };
  const byViewer = representative.member === 0;
  const { strength: _strength, signals: _signals, ...fields } = base;
  return {
    ...fields,
    ...shownStrength(base, levelOf(members, representative)),
    userId: (members[representative.member] as PoolMember).node.userId,
    linkedinUrl: shared('profiles', 'linkedinUrl'),
    email: shared('emails', 'email'),
    notes: byViewer ? base.notes : null,
    connectionDegree: byViewer ? 1 : 2,
    isUser: false,
    isTeammate: false,
    knownBy: records.map((record) => knowerId(members, record)),
  };
}
