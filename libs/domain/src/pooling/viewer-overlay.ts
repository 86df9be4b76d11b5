import type { CompanySummary, Connection, Relationship, SharingLevel } from '@warmpath/contracts';
import { compareCompanies } from '../search/search-connections.js';
import type { WarmthTie } from '../warm-path/warmth-graph.js';
import type { CompanyLinksMemo } from './company-links-memo.js';
import { knowsLinkId, toTeammateLink } from './graph-links.js';
import { profileKey, type MemberRecord } from './person-identity.js';
import type { MemberReach, PooledNetwork } from './pool-network.js';
import {
  knowsLinkOf,
  knowsTieOf,
  personNode,
  personOf,
  selfNode,
  teammateNode,
  type PoolMember,
} from './pool-person.js';
import type { PooledPerson } from './pooled-person-memo.js';
import type { SharedPool } from './shared-pool.js';
import { CompanyDelta, ReachDelta } from './viewer-deltas.js';

/**
 * What one viewer sees differently from the shared build (docs/workspace-network.md "One shared
 * build per workspace version"): their own people, the companies those are at, their own and
 * their teammates' nodes, the members' reach in their order. Small: O(the viewer's people + the
 * people of the companies those are at).
 */
export interface ViewerOverlay {
  readonly viewerId: number;
  readonly self: Connection;
  readonly teammates: Connection[];
  readonly teammateLinks: Relationship[];
  /** The viewer's people by group: their node (degree 1, the viewer's record) and knows links. */
  readonly persons: ReadonlyMap<number, PooledPerson>;
  /** Groups that a pooling for this viewer makes first (their own records' order), by phase. */
  readonly firstUrlGroups: readonly number[];
  readonly firstOtherGroups: readonly number[];
  /** The company links of each company the viewer's people change, with the viewer's ids. */
  readonly companyLinks: ReadonlyMap<string, readonly Relationship[]>;
  /** What the viewer's next overlay reuses: their person of each shared person, their companies' links. */
  readonly reuse: {
    readonly persons: ReadonlyMap<PooledPerson, PooledPerson>;
    readonly companyLinks: CompanyLinksMemo;
  };
  /** The summary of each company the viewer's people change (null: no longer named). */
  readonly companies: ReadonlyMap<string, CompanySummary | null>;
  readonly otherCompanyPeople: number;
  readonly members: MemberReach[];
}

/**
 * The delta of one viewer over the shared build; throws for a non-member, as poolNetwork does.
 * With `previous` (the viewer's overlay of an earlier build of the workspace), a person whose shared
 * person the build reused (same records, knowers, sharing) and a company whose people are the same
 * keep what they were.
 */
export function viewerOverlay(shared: SharedPool, viewerId: number, previous?: ViewerOverlay): ViewerOverlay {
  const viewer = shared.members.findIndex((member) => member.node.userId === viewerId);
  if (viewer < 0) throw new Error(`The viewer ${viewerId} is not a member`);
  const viewerMember = shared.members[viewer] as PoolMember;
  const self = selfNode(viewerMember);
  const teammates = shared.members
    .filter((_, index) => index !== viewer)
    .map((member) => teammateNode(member, viewerId));
  const persons = new Map<number, PooledPerson>();
  const reusable = previous?.viewerId === viewerId ? previous.reuse : undefined;
  const bySharedPerson = new Map<PooledPerson, PooledPerson>();
  const firstUrl: number[] = [];
  const firstOther: number[] = [];
  const madeByUrl = new Set<number>();
  const groupOf = shared.groupOf[viewer] as Int32Array;
  const companies = new CompanyDelta(shared);
  const reach = new ReachDelta(shared);
  viewerMember.people.forEach((record, index) => {
    const group = groupOf[index] as number;
    // The viewer's first record of a group: a pooling for them makes the group there when it
    // met on the URL of this record, or on name + company (docs/workspace-network.md).
    if (group < shared.urlGroups) {
      if (!madeByUrl.has(group) && profileKey(record) !== null) {
        madeByUrl.add(group);
        firstUrl.push(group);
      }
    } else if (!persons.has(group)) firstOther.push(group);
    if (persons.has(group)) return;
    const before = shared.persons[group] as PooledPerson;
    const person = reusable?.persons.get(before) ?? viewerPerson(shared, group, viewer, viewerId);
    persons.set(group, person);
    bySharedPerson.set(before, person);
    const records = shared.groups[group] as readonly MemberRecord[];
    if (before.node) companies.moveShown(before.node, -1);
    else companies.moveCounted(personOf(shared.members, records[0] as MemberRecord), -1);
    companies.moveShown(person.node as Connection, +1);
    reach.move(
      records,
      personOf(shared.members, records[0] as MemberRecord),
      person.records[0] as Connection,
    );
  });
  const summaries = companies.summaries();
  const companyLinks = companies.links(viewerId, reusable?.companyLinks);
  return {
    viewerId,
    self,
    teammates,
    teammateLinks: teammates.map((teammate) => toTeammateLink(self, teammate)),
    persons,
    firstUrlGroups: firstUrl,
    firstOtherGroups: firstOther,
    companyLinks: companyLinks.byCompany,
    reuse: { persons: bySharedPerson, companyLinks: companyLinks.memo },
    companies: summaries.companies,
    otherCompanyPeople: summaries.otherPeople,
    members: [viewer, ...shared.members.keys()]
      .filter((index, at) => at === 0 || index !== viewer)
      .map((index) => reach.of(index)),
  };
}

/**
 * The person of a group the viewer knows, pooled for them (poolPerson with their record first).
 * The other members' ties are the shared build's, and so are their links but for the node's id.
 */
function viewerPerson(shared: SharedPool, group: number, viewer: number, viewerId: number): PooledPerson {
  const members = shared.members;
  const inOrder = shared.groups[group] as readonly MemberRecord[];
  const mine = inOrder.find((record) => record.member === viewer) as MemberRecord;
  const records = [mine, ...inOrder.filter((record) => record !== mine)];
  const visible = records.filter((r) => r === mine || members[r.member]?.sharing !== 'counts');
  const node = personNode(members, records, visible, viewer);
  const knowsLinks = [knowsLinkOf(members, mine, node, viewer)];
  const knowsTies = [knowsTieOf(members, mine, viewer)];
  // The shared person's links are those of its members not on counts, in member order.
  const before = shared.persons[group] as PooledPerson;
  before.knowsLinks.forEach((link, index) => {
    if (link.userId === viewerId) return;
    const target = node.id;
    knowsLinks.push(
      link.targetId === target ? link : { ...link, id: knowsLinkId(link.userId, target), targetId: target },
    );
    knowsTies.push(before.knowsTies[index] as WarmthTie);
  });
  return {
    pooledFor: viewerId,
    records: records.map((record) => personOf(members, record)),
    knowers: records.map((record) => (members[record.member] as PoolMember).node.userId),
    sharing: records.map((record): SharingLevel => (members[record.member] as PoolMember).sharing),
    node,
    knowsLinks,
    knowsTies,
  };
}

/**
 * The pooled network of one viewer: the shared build with their overlay, the very answer
 * poolNetwork(viewerId, members) gives (pinned by shared-pool.spec.ts), in the same order.
 * O(people + links): it only puts the two together.
 */
export function mergeView(shared: SharedPool, overlay: ViewerOverlay): PooledNetwork {
  const people: Connection[] = [];
  const knowsLinks: Relationship[] = [];
  const knowsTies: WarmthTie[] = [];
  const add = (group: number): void => {
    const person = overlay.persons.get(group) ?? (shared.persons[group] as PooledPerson);
    if (!person.node) return;
    people.push(person.node);
    for (const link of person.knowsLinks) knowsLinks.push(link);
    for (const tie of person.knowsTies) knowsTies.push(tie);
  };
  const first = new Set([...overlay.firstUrlGroups, ...overlay.firstOtherGroups]);
  const rest = (from: number, to: number): void => {
    for (let group = from; group < to; group++) if (!first.has(group)) add(group);
  };
  overlay.firstUrlGroups.forEach(add);
  rest(0, shared.urlGroups);
  overlay.firstOtherGroups.forEach(add);
  rest(shared.urlGroups, shared.groups.length);
  return {
    self: overlay.self,
    teammates: overlay.teammates,
    people,
    knowsLinks,
    knowsTies,
    teammateLinks: overlay.teammateLinks,
    companyLinks: mergeCompanyLinks(shared, overlay),
    companies: mergeCompanies(shared, overlay),
    otherCompanyPeople: overlay.otherCompanyPeople,
    members: overlay.members,
    reuse: {},
  };
}

/** Company links in company key order, the shared ones carrying the viewer's user id. */
function mergeCompanyLinks(shared: SharedPool, overlay: ViewerOverlay): Relationship[] {
  const made = shared.companyLinks.get();
  const own = [...overlay.companyLinks.keys()].filter((key) => !made.memo.byCompany.has(key));
  const keys = mergeSorted(made.keys, own.sort(), (a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const links: Relationship[] = [];
  const userId = overlay.viewerId;
  for (const key of keys) {
    const mine = overlay.companyLinks.get(key);
    if (mine) for (const link of mine) links.push(link);
    else for (const link of made.memo.byCompany.get(key)?.links ?? []) links.push({ ...link, userId });
  }
  return links;
}

function mergeCompanies(shared: SharedPool, overlay: ViewerOverlay): CompanySummary[] {
  const kept = shared.companies.filter((company) => !overlay.companies.has(company.key));
  const changed = [...overlay.companies.values()].filter((c): c is CompanySummary => c !== null);
  return mergeSorted(kept, changed.sort(compareCompanies), compareCompanies);
}

export function mergeSorted<T>(a: readonly T[], b: readonly T[], compare: (x: T, y: T) => number): T[] {
  const out: T[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length)
    out.push(compare(a[i] as T, b[j] as T) <= 0 ? (a[i++] as T) : (b[j++] as T));
  while (i < a.length) out.push(a[i++] as T);
  while (j < b.length) out.push(b[j++] as T);
  return out;
}
