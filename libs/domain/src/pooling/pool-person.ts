import type { Connection, Relationship, SharingLevel } from '@warmpath/contracts';
import type { WarmthTie } from '../warm-path/warmth-graph.js';
import { shownScore, shownStrength } from '../warmth/share-tie.js';
import { knowsLink } from './graph-links.js';
import type { MemberRecord } from './person-identity.js';
import type { PooledPerson } from './pooled-person-memo.js';

/** One member of a workspace as the pooling reads them. */
export interface PoolMember {
  /** Their user node (`u<userId>`, their profile), as their own network shows it. */
  node: Connection;
  /** What the workspace may see of their connections (docs/product.md#workspaces). */
  sharing: SharingLevel;
  /** Their stored connections as their own network shows them (their notes included). */
  people: readonly Connection[];
}

/** A teammate on `counts` in a person's `knownBy`: counted, never named (0 is no user's id). */
export const HIDDEN_KNOWER = 0;

/** The index of no member: the viewer of the shared build, who knows nobody (docs/workspace-network.md). */
export const NO_VIEWER = -1;

const SHARING_RANK: Record<SharingLevel, number> = { counts: 0, names: 1, profiles: 2, emails: 3 };
const PROFILES_RANK = SHARING_RANK.profiles;
const EMAILS_RANK = SHARING_RANK.emails;

/**
 * One distinct person pooled for the member at index `viewer` of `members` (NO_VIEWER: for
 * someone who knows none of the workspace's people): their node when someone shows them, and
 * each shower's knows link. `records` are the group's, one per member, the viewer's first.
 */
export function poolPerson(
  members: readonly PoolMember[],
  records: readonly MemberRecord[],
  persons: readonly Connection[],
  knowers: readonly number[],
  sharing: readonly SharingLevel[],
  viewer: number,
  pooledFor: number,
): PooledPerson {
  const visible = visibleRecords(members, records, viewer);
  if (visible.length === 0)
    return {
      pooledFor,
      records: persons,
      knowers,
      sharing,
      node: null,
      knowsLinks: NO_LINKS,
      knowsTies: NO_TIES,
    };
  // With every record shown, knownBy is each record's member: the knower list itself.
  const node = personNode(members, records, visible, viewer, visible === records ? knowers : undefined);
  const knowsLinks = new Array<Relationship>(visible.length);
  for (let at = 0; at < visible.length; at++)
    knowsLinks[at] = knowsLinkOf(members, visible[at] as MemberRecord, node, viewer);
  const knowsTies = plainTiesOf(members, visible) ?? tiesOf(members, visible, viewer);
  return { pooledFor, records: persons, knowers, sharing, node, knowsLinks, knowsTies };
}

/** A counted-only person's links and ties: none, one list for all of them (read-only). */
const NO_LINKS: readonly Relationship[] = Object.freeze([]);
const NO_TIES: readonly WarmthTie[] = Object.freeze([]);

function tiesOf(
  members: readonly PoolMember[],
  visible: readonly MemberRecord[],
  viewer: number,
): WarmthTie[] {
  const knowsTies = new Array<WarmthTie>(visible.length);
  for (let at = 0; at < visible.length; at++)
    knowsTies[at] = knowsTieOf(members, visible[at] as MemberRecord, viewer);
  return knowsTies;
}

/** Lists of up to PLAIN_LIST_LENGTH plain ties, by their plain ties' places (plainTieAt). */
const PLAIN_LIST_LENGTH = 3;
const plainLists = new Map<number, readonly WarmthTie[]>();
/** Beyond this many distinct lists the memo starts again (about 128³ could exist). */
const PLAIN_LISTS_KEPT = 100_000;

/**
 * The ties of records that are all plain (no strength: most imports), as one list per distinct
 * sequence of plain ties shared by every person with it, where each person had a list of their
 * own (docs/workspace-network.md "The cold build's cost"); undefined otherwise. Ties and their
 * lists are read-only everywhere.
 */
function plainTiesOf(
  members: readonly PoolMember[],
  visible: readonly MemberRecord[],
): readonly WarmthTie[] | undefined {
  if (visible.length > PLAIN_LIST_LENGTH) return undefined;
  let key = 0;
  for (let at = 0; at < visible.length; at++) {
    const tie = personOf(members, visible[at] as MemberRecord);
    const place = tie.strength ? -1 : plainTieAt(tie.yearsConnected, tie.hasWorkedWith);
    if (place < 0) return undefined;
    key = key * PLAIN_TIES + place + 1;
  }
  let list = plainLists.get(key);
  if (list === undefined) {
    const ties = new Array<WarmthTie>(visible.length);
    for (let at = 0; at < visible.length; at++) {
      const tie = personOf(members, visible[at] as MemberRecord);
      ties[at] = plainTie(tie.yearsConnected, tie.hasWorkedWith);
    }
    if (plainLists.size >= PLAIN_LISTS_KEPT) plainLists.clear();
    plainLists.set(key, (list = Object.freeze(ties)));
  }
  return list;
}

/** The records whose member shows the person to the viewer: `records` itself when all do. */
function visibleRecords(
  members: readonly PoolMember[],
  records: readonly MemberRecord[],
  viewer: number,
): readonly MemberRecord[] {
  const shows = (record: MemberRecord) =>
    record.member === viewer || members[record.member]?.sharing !== 'counts';
  for (let at = 0; at < records.length; at++)
    if (!shows(records[at] as MemberRecord)) return records.filter(shows);
  return records;
}

/** The link from a record's member to the person's node. */
export function knowsLinkOf(
  members: readonly PoolMember[],
  record: MemberRecord,
  node: Connection,
  viewer: number,
): Relationship {
  const tie = personOf(members, record);
  // The link's width shows no more of the tie's score than its member shares (shownScore): read
  // from the record itself, without a copy of it per link (docs/workspace-network.md "The cold
  // build's cost").
  return knowsLink(
    node,
    (members[record.member] as PoolMember).node.userId,
    tie.yearsConnected,
    tie.hasWorkedWith,
    shownScore(tie, levelOf(members, record, viewer)),
    tie.createdAt,
  );
}

/** The tie behind that link: the path search weighs the member's full score; the hop explains only what they share. */
export function knowsTieOf(members: readonly PoolMember[], record: MemberRecord, viewer: number): WarmthTie {
  const tie = personOf(members, record);
  const score = tie.strength?.score;
  // Without a strength (most imports) the tie is its years and "worked with" alone: one object per
  // pair of values, shared, where a million records made a million equal ones.
  if (!tie.strength) return plainTie(tie.yearsConnected, tie.hasWorkedWith);
  const shown = shownStrength(tie, levelOf(members, record, viewer));
  return {
    yearsConnected: tie.yearsConnected,
    hasWorkedWith: tie.hasWorkedWith,
    ...shown,
    ...(score === undefined ? {} : { score }),
  };
}

/** Plain ties by years (0..PLAIN_TIE_YEARS) × worked with; never changed once made (read-only). */
const PLAIN_TIE_YEARS = 63;
/** How many places plainTies has; a list's key is its ties' places + 1 in this base. */
const PLAIN_TIES = (PLAIN_TIE_YEARS + 1) * 2 + 1;
const plainTies: (WarmthTie | undefined)[] = [];

/** A plain tie's place in plainTies, -1 for one not kept there (years null, fractional, out of range). */
function plainTieAt(yearsConnected: number | null, hasWorkedWith: boolean): number {
  if (
    yearsConnected === null ||
    !Number.isInteger(yearsConnected) ||
    yearsConnected < 0 ||
    yearsConnected > PLAIN_TIE_YEARS
  )
    return -1;
  return yearsConnected * 2 + (hasWorkedWith ? 1 : 0);
}

function plainTie(yearsConnected: number | null, hasWorkedWith: boolean): WarmthTie {
  const at = plainTieAt(yearsConnected, hasWorkedWith);
  if (at < 0) return { yearsConnected, hasWorkedWith };
  return (plainTies[at] ??= Object.freeze({ yearsConnected, hasWorkedWith }));
}

/** A teammate's node as the viewer sees it (degree 1, known by the viewer). */
export function teammateNode(member: PoolMember, viewerId: number): Connection {
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

/** The viewer's own node (isUser, degree 0). */
export function selfNode(viewer: PoolMember): Connection {
  return { ...viewer.node, isUser: true, isTeammate: false, connectionDegree: 0, knownBy: [] };
}

/**
 * Who a record's member is in a person's `knownBy`: their user id, or HIDDEN_KNOWER for a teammate
 * on `counts`, who adds to "known by N" without being named (docs/security.md#what-a-workspace-learns-of-a-member-on-counts-only).
 */
const knowerId = (members: readonly PoolMember[], record: MemberRecord, viewer: number): number => {
  const member = members[record.member] as PoolMember;
  return record.member !== viewer && member.sharing === 'counts' ? HIDDEN_KNOWER : member.node.userId;
};

/** What a record's member shares; the viewer sees all of their own. */
const levelOf = (members: readonly PoolMember[], record: MemberRecord, viewer: number): SharingLevel =>
  record.member === viewer ? 'emails' : (members[record.member] as PoolMember).sharing;

export const personOf = (members: readonly PoolMember[], record: MemberRecord): Connection =>
  (members[record.member] as PoolMember).people[record.person] as Connection;

/** A group's records in member order, one per member (a member's first record of the person). */
export function distinctMembers(group: readonly MemberRecord[]): readonly MemberRecord[] {
  // Mostly already in member order, one each (groupPeople meets records member by member).
  let inOrder = true;
  for (let at = 1; at < group.length && inOrder; at++)
    inOrder = (group[at - 1] as MemberRecord).member < (group[at] as MemberRecord).member;
  if (inOrder) return group;
  const sorted = group.length > 1 ? [...group].sort((a, b) => a.member - b.member) : group;
  return sorted.filter((record, index) => index === 0 || sorted[index - 1]?.member !== record.member);
}

/**
 * The node of a person shown: the first visible record's fields, shared fields by level. With
 * `knowers` (the user ids of the records' members, in their order, when no record hides its
 * member) the node's knownBy is that very list, shared with the person (docs/workspace-network.md
 * "The cold build's cost"; read-only, as every pooled list).
 */
export function personNode(
  members: readonly PoolMember[],
  records: readonly MemberRecord[],
  visible: readonly MemberRecord[],
  viewer: number,
  knowers?: readonly number[],
): Connection {
  const representative = visible[0] as MemberRecord;
  const base = personOf(members, representative);
  // The first profile URL of a record shared at `profiles` or more, the first e-mail of one at
  // `emails`: both in one pass, without a closure per person (docs/workspace-network.md "The cold
  // build's cost").
  let linkedinUrl: string | null = null;
  let email: string | null = null;
  for (let at = 0; at < visible.length && (linkedinUrl === null || email === null); at++) {
    const record = visible[at] as MemberRecord;
    const person = personOf(members, record);
    const rank = SHARING_RANK[levelOf(members, record, viewer)];
    if (linkedinUrl === null && person.linkedinUrl && rank >= PROFILES_RANK) linkedinUrl = person.linkedinUrl;
    if (email === null && person.email && rank >= EMAILS_RANK) email = person.email;
  }
  const byViewer = representative.member === viewer;
  const userId = (members[representative.member] as PoolMember).node.userId;
  const knownBy =
    (knowers as number[] | undefined) ?? records.map((record) => knowerId(members, record, viewer));
  // A record without strength fields (most imports) is copied once, not twice
  // (docs/workspace-network.md "The cold build's cost"): the same keys in the same order.
  if (!('strength' in base) && !('signals' in base))
    return {
      ...base,
      userId,
      linkedinUrl,
      email,
      notes: byViewer ? base.notes : null,
      connectionDegree: byViewer ? 1 : 2,
      isUser: false,
      isTeammate: false,
      knownBy,
    };
  const { strength: _strength, signals: _signals, ...fields } = base;
  return {
    ...fields,
    ...shownStrength(base, levelOf(members, representative, viewer)),
    userId,
    linkedinUrl,
    email,
    notes: byViewer ? base.notes : null,
    connectionDegree: byViewer ? 1 : 2,
    isUser: false,
    isTeammate: false,
    knownBy,
  };
}
