import type { CompanySummary, Connection, SharingLevel } from '@warmpath/contracts';
import { companyKey, companyKeyMemo } from '../company/company-key.js';
import { mostUsedSpelling } from '../company/group-by-company.js';
import { compareCompanies } from '../search/search-connections.js';
import { MIN_COUNTS_ONLY_COMPANY_GROUP } from './counts-only-companies.js';
import { companyKeysOf, groupPeopleInSlices, recordKeysOf, type MemberRecord } from './person-identity.js';
import {
  distinctMembers,
  HIDDEN_KNOWER,
  NO_VIEWER,
  personOf,
  poolPerson,
  type PoolMember,
} from './pool-person.js';
import type { PooledPerson } from './pooled-person-memo.js';
import { SharedCompanyLinks } from './shared-company-links.js';
import { reloadedRecords, sameRecord, type Reloaded } from './same-records.js';
import { runToEnd, type Slices } from './slices.js';
import { keptKeyNumbers, numbersOf, type KeyNumbers } from './key-numbers.js';

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
  /** The company links between the people shown, per company key, made when first needed. */
  readonly companyLinks: SharedCompanyLinks;
  /** The people shown, per company key (groupByCompany's key of their node's company). */
  readonly shownAt: ReadonlyMap<string, readonly Connection[]>;
  readonly shownSpellings: ReadonlyMap<string, Spellings>;
  /** The people counted only (no node), by the company of their first record. */
  readonly countedSpellings: ReadonlyMap<string, Spellings>;
  readonly companies: readonly CompanySummary[];
  readonly otherCompanyPeople: number;
  /** The workspace's profile URLs and company keys numbered, kept for the next build (key-numbers.ts). */
  readonly urlIds: KeyNumbers;
  readonly companyIds: KeyNumbers;
}

/**
 * Pools a workspace once, for no viewer in particular: every person as a member who does not know
 * them sees them. O(records) plus company links. With `previous` (the last build of the same
 * workspace), people whose records, knowers and sharing levels are unchanged keep their pooling,
 * and companies whose people are unchanged keep their links. The whole build at once:
 * buildSharedPool is the same build in slices.
 */
export function poolWorkspace(members: readonly PoolMember[], previous?: SharedPool): SharedPool {
  return runToEnd(buildSharedPool(members, previous));
}

/** Groups pooled between two pauses of buildSharedPool. */
const SLICE_GROUPS = 512;

/**
 * poolWorkspace in slices (docs/workspace-network.md "One shared build per workspace version"):
 * it pauses (yields) every few hundred groups and company links, so a caller can let other work
 * run between slices (the network service yields to its event loop); run to its end it answers
 * exactly what poolWorkspace does. The members' records must not change until it ends.
 *
 * After one member's import only that member's network is new: the identity and company keys of
 * every other member's records are kept with their loaded networks (recordKeysOf), a person whose
 * records, knowers and levels are the very ones of `previous` is taken as it was without building
 * anything, and a company whose people are the same objects keeps its links without comparing
 * their fields. Keys are numbered once per network and the numbering kept (key-numbers.ts), and
the last build's persons are found through its arrays: what is left per record is walking arrays
and filling the indexes.
 */
export function* buildSharedPool(members: readonly PoolMember[], previous?: SharedPool): Slices<SharedPool> {
  const ordered = [...members].sort((a, b) => a.node.userId - b.node.userId);
  // Each spelling folded once per build (companyKeyMemo), for the name keys, the records and
  // byCompany.
  const keyOf = companyKeyMemo();
  const { groups: raw, urlIds } = yield* groupPeopleInSlices(
    ordered.map((member) => member.people),
    previous?.urlIds,
    keyOf,
  );
  const records = ordered.reduce((sum, member) => sum + member.people.length, 0);
  const companyIds = keptKeyNumbers(previous?.companyIds, records);
  const companyNumbers: Int32Array[] = [];
  for (const member of ordered) {
    companyNumbers.push(numbersOf(companyIds, companyKeysOf(member.people, keyOf), true));
    yield;
  }
  const draft: Draft = {
    ordered,
    raw,
    urls: ordered.map((member) => recordKeysOf(member.people).urls),
    companyNumbers,
    companyCounts: ordered.map(() => new Int32Array(companyIds.keys.length)),
    last: previous,
    ...reloadedRecords(ordered, previous?.members),
    groupOf: ordered.map((member) => new Int32Array(member.people.length)),
    reach: ordered.map(() => ({ people: 0, companies: new Map<string, number>() })),
    groups: [],
    persons: [],
    shown: [],
    countedOnly: [],
    knowerLists: new Map(),
    urlGroups: raw.length,
  };
  // The loop is a plain function called once a slice: inside the generator it profiled slower
  // (docs/workspace-network.md "A build that follows the change, in slices").
  for (let from = 0; from < raw.length; from += SLICE_GROUPS) {
    poolGroups(draft, from, Math.min(raw.length, from + SLICE_GROUPS));
    yield;
  }
  const { groupOf, reach, groups, persons, shown, countedOnly, urlGroups } = draft;
  draft.companyCounts.forEach((counts, member) => {
    const { companies } = reach[member] as (typeof reach)[number];
    for (let number = 0; number < counts.length; number++)
      if ((counts[number] as number) > 0)
        companies.set(companyIds.keys[number] as string, counts[number] as number);
  });
  const { at: shownAt, spellings: shownSpellings } = yield* byCompany(shown, keyOf);
  const countedSpellings = (yield* byCompany(countedOnly, keyOf)).spellings;
  // Not made here: the base and patches carry none (shared-company-links.ts).
  const companyLinks = new SharedCompanyLinks(shownAt, shownSpellings, previous?.companyLinks);
  const counts = namedCompanies(shownSpellings, countedSpellings);
  return {
    members: ordered,
    groups,
    urlGroups,
    persons,
    groupOf,
    reach,
    companyLinks,
    shownAt,
    shownSpellings,
    countedSpellings,
    companies: counts.companies,
    otherCompanyPeople: counts.otherPeople,
    urlIds,
    companyIds,
  };
}

/** A build under way: its inputs, and the indexes it fills group by group. */
interface Draft {
  readonly ordered: readonly PoolMember[];
  readonly raw: readonly MemberRecord[][];
  readonly urls: readonly (readonly (string | null)[])[];
  /** Per member, per record: the number of its company key (companyIds), -1 without. */
  readonly companyNumbers: readonly Int32Array[];
  /** Per member, per company number: the distinct people whose first record is there (reach). */
  readonly companyCounts: readonly Int32Array[];
  readonly last: SharedPool | undefined;
  /** Per member whose network is the very array of `last`: their index there, else -1. */
  readonly same: Int32Array;
  /** Per member whose network was reloaded since `last`: where its records were (sameRecord). */
  readonly reloaded: readonly (Reloaded | null)[];
  readonly groupOf: Int32Array[];
  readonly reach: { people: number; companies: Map<string, number> }[];
  readonly groups: (readonly MemberRecord[])[];
  readonly persons: PooledPerson[];
  readonly shown: Connection[];
  readonly countedOnly: Connection[];
  /** The knower and level lists of the groups known by a few members, by those members (knowerListsOf). */
  readonly knowerLists: Map<number, KnowerLists>;
  urlGroups: number;
}

/** Groups [from, to) of a build: each one's person, reused from the last build when unchanged. */
function poolGroups(draft: Draft, from: number, to: number): void {
  const { ordered, raw, urls, companyNumbers, companyCounts, groupOf, reach } = draft;
  for (let index = from; index < to; index++) {
    const group = raw[index] as MemberRecord[];
    for (const record of group) (groupOf[record.member] as Int32Array)[record.person] = index;
    // A URL group's first record is the one with the URL that made it (groupPeople).
    const head = group[0] as MemberRecord;
    if (
      draft.urlGroups === raw.length &&
      (urls[head.member] as readonly (string | null)[])[head.person] === null
    )
      draft.urlGroups = index;
    const records = distinctMembers(group);
    const firstRecord = records[0] as MemberRecord;
    const first = personOf(ordered, firstRecord);
    const company = (companyNumbers[firstRecord.member] as Int32Array)[firstRecord.person] as number;
    for (const record of records) {
      (reach[record.member] as (typeof reach)[number]).people++;
      if (company < 0) continue;
      const counts = companyCounts[record.member] as Int32Array;
      counts[company] = (counts[company] as number) + 1;
    }
    const known = lastOf(draft, firstRecord, first);
    const person = !known
      ? poolGroup(ordered, records, draft.knowerLists)
      : unchanged(known, ordered, records, false)
        ? known
        : unchanged(known, ordered, records, true)
          ? { ...known, records: records.map((record) => personOf(ordered, record)) }
          : poolGroup(ordered, records, draft.knowerLists);
    // Kept with the build: a group grown by push has room for 17 records (V8 grows an array by
    // half plus 16), ~120 bytes too many for the two a group mostly holds; a copy has room for its
    // own (docs/workspace-network.md "The cold build's cost").
    draft.groups.push(records === group && group.length > 1 ? group.slice() : records);
    draft.persons.push(person);
    if (person.node) draft.shown.push(person.node);
    else draft.countedOnly.push(first);
  }
}

/**
 * The last build's person whose first record was this one (its member's network unchanged) or had
 * this one's id (reloaded): found through the last build's groups, without a map of every person.
 */
function lastOf(draft: Draft, record: MemberRecord, first: Connection): PooledPerson | undefined {
  const { last } = draft;
  if (!last) return undefined;
  let member = draft.same[record.member] as number;
  let at: number | undefined = record.person;
  if (member < 0) {
    const reloaded = draft.reloaded[record.member];
    if (!reloaded) return undefined;
    member = reloaded.member;
    at = reloaded.at.get(first.id);
    if (at === undefined) return undefined;
  }
  const person = last.persons[(last.groupOf[member] as Int32Array)[at] as number];
  return person && person.records[0] === (last.members[member] as PoolMember).people[at] ? person : undefined;
}

/** One group pooled from scratch for no viewer (poolPerson). */
function poolGroup(
  ordered: readonly PoolMember[],
  records: readonly MemberRecord[],
  knowerLists: Map<number, KnowerLists>,
): PooledPerson {
  if (records.length === 1) {
    // Known by one member (a third of a workspace's people): their knower and level lists are
    // that member's, shared by all of them (read-only, compared by value).
    const record = records[0] as MemberRecord;
    const member = ordered[record.member] as PoolMember;
    const persons = [member.people[record.person] as Connection];
    return poolPerson(
      ordered,
      records,
      persons,
      soleKnower(member),
      soleSharing(member),
      NO_VIEWER,
      HIDDEN_KNOWER,
    );
  }
  const persons = new Array<Connection>(records.length);
  for (let at = 0; at < records.length; at++) persons[at] = personOf(ordered, records[at] as MemberRecord);
  const { knowers, sharing } = knowerListsOf(ordered, records, knowerLists);
  return poolPerson(ordered, records, persons, knowers, sharing, NO_VIEWER, HIDDEN_KNOWER);
}

/** The user ids and the sharing levels of a group's members, in its order (read-only). */
interface KnowerLists {
  readonly knowers: readonly number[];
  readonly sharing: readonly SharingLevel[];
}

/** Groups known by up to this many members share their lists with every group of the same members. */
const SHARED_KNOWERS = 3;
/** The largest key of knowerListsOf: a small integer, so its map hashes it without a number object. */
const KNOWER_KEYS = 2 ** 30;

/**
 * A group's knower and level lists: those of the build's first group known by the same members
 * when a few know it (most of a workspace's people; read-only, compared by value), where each
 * person had two lists of their own (docs/workspace-network.md "The cold build's cost").
 */
function knowerListsOf(
  ordered: readonly PoolMember[],
  records: readonly MemberRecord[],
  knowerLists: Map<number, KnowerLists>,
): KnowerLists {
  const base = ordered.length + 1;
  let key = records.length <= SHARED_KNOWERS && base ** records.length < KNOWER_KEYS ? 0 : -1;
  for (let at = 0; at < records.length && key >= 0; at++)
    key = key * base + (records[at] as MemberRecord).member + 1;
  let lists = key < 0 ? undefined : knowerLists.get(key);
  if (lists) return lists;
  const knowers = new Array<number>(records.length);
  const sharing = new Array<SharingLevel>(records.length);
  for (let at = 0; at < records.length; at++) {
    const member = ordered[(records[at] as MemberRecord).member] as PoolMember;
    knowers[at] = member.node.userId;
    sharing[at] = member.sharing;
  }
  if (key < 0) return { knowers, sharing };
  lists = { knowers: Object.freeze(knowers), sharing: Object.freeze(sharing) };
  knowerLists.set(key, lists);
  return lists;
}

const soleKnowers = new WeakMap<PoolMember, readonly number[]>();
const soleKnower = (member: PoolMember): readonly number[] => {
  let knowers = soleKnowers.get(member);
  if (knowers?.[0] !== member.node.userId)
    soleKnowers.set(member, (knowers = Object.freeze([member.node.userId])));
  return knowers;
};
const soleSharings = new Map<SharingLevel, readonly SharingLevel[]>();
const soleSharing = (member: PoolMember): readonly SharingLevel[] => {
  let sharing = soleSharings.get(member.sharing);
  if (!sharing) soleSharings.set(member.sharing, (sharing = Object.freeze([member.sharing])));
  return sharing;
};

/**
 * Whether the last build's person of these records is still theirs: the same record objects
 * (or, `byValue`, records equal field for field: sameRecord), known by the same members at the
 * same levels (what reusablePerson checks, without building the lists it compares).
 */
function unchanged(
  known: PooledPerson,
  ordered: readonly PoolMember[],
  records: readonly MemberRecord[],
  byValue: boolean,
): boolean {
  if (known.pooledFor !== HIDDEN_KNOWER || known.records.length !== records.length) return false;
  for (let at = 0; at < records.length; at++) {
    const record = records[at] as MemberRecord;
    const member = ordered[record.member] as PoolMember;
    const now = member.people[record.person] as Connection;
    const then = known.records[at] as Connection;
    if (byValue ? !sameRecord(then, now) : then !== now) return false;
    if (known.knowers[at] !== member.node.userId || known.sharing[at] !== member.sharing) return false;
  }
  return true;
}

/**
 * countCompaniesHidingSmallGroups(shown, countedOnly) from the spellings per company key already
 * counted: the same companies, names, counts and order, without grouping every person again.
 */
export function namedCompanies(
  shownSpellings: ReadonlyMap<string, Spellings>,
  countedSpellings: ReadonlyMap<string, Spellings> = new Map(),
): { companies: CompanySummary[]; otherPeople: number } {
  const companies: CompanySummary[] = [];
  let otherPeople = 0;
  const named = (key: string, ...parts: Spellings[]) => {
    const spellings = parts.length === 1 ? (parts[0] as Spellings) : mergeSpellings(parts);
    let count = 0;
    for (const n of spellings.values()) count += n;
    companies.push({ name: mostUsedSpelling(spellings), key, count });
  };
  for (const [key, spellings] of shownSpellings) {
    const counted = countedSpellings.get(key);
    if (counted && total(counted) >= MIN_COUNTS_ONLY_COMPANY_GROUP) named(key, spellings, counted);
    else named(key, spellings);
  }
  for (const [key, counted] of countedSpellings) {
    const count = total(counted);
    if (count < MIN_COUNTS_ONLY_COMPANY_GROUP) otherPeople += count;
    else if (!shownSpellings.has(key)) named(key, counted);
  }
  return { companies: companies.sort(compareCompanies), otherPeople };
}

const total = (spellings: Spellings): number => {
  let count = 0;
  for (const n of spellings.values()) count += n;
  return count;
};

function mergeSpellings(parts: readonly Spellings[]): Spellings {
  const merged: Spellings = new Map();
  for (const part of parts)
    for (const [spelling, n] of part) merged.set(spelling, (merged.get(spelling) ?? 0) + n);
  return merged;
}

/** The key groupByCompany files a company spelling under (null: no company). */
export function companyKeyOf(company: string | null | undefined): { key: string; spelling: string } | null {
  const spelling = company?.trim();
  if (!spelling) return null;
  const key = companyKey(spelling);
  return key === null ? null : { key, spelling };
}

/** The people per company key (groupByCompany's keys and order), and the spellings of each. */
function* byCompany(
  people: readonly Connection[],
  keyOf: (spelling: string) => string | null,
): Slices<{
  at: Map<string, Connection[]>;
  spellings: Map<string, Spellings>;
}> {
  const at = new Map<string, Connection[]>();
  const spellingsAt = new Map<string, Spellings>();
  for (let from = 0; from < people.length; from += SLICE_PEOPLE) {
    fileByCompany(people, from, Math.min(people.length, from + SLICE_PEOPLE), at, spellingsAt, keyOf);
    yield;
  }
  return { at, spellings: spellingsAt };
}

/** People filed between two pauses of byCompany. */
const SLICE_PEOPLE = 8_192;

function fileByCompany(
  people: readonly Connection[],
  from: number,
  to: number,
  at: Map<string, Connection[]>,
  spellingsAt: Map<string, Spellings>,
  keyOf: (spelling: string) => string | null,
): void {
  // companyKeyOf without its answer object per person.
  for (let index = from; index < to; index++) {
    const person = people[index] as Connection;
    const spelling = person.company?.trim();
    if (!spelling) continue;
    const key = keyOf(spelling);
    if (key === null) continue;
    const list = at.get(key);
    if (list) list.push(person);
    else at.set(key, [person]);
    let spellings = spellingsAt.get(key);
    if (!spellings) spellingsAt.set(key, (spellings = new Map()));
    spellings.set(spelling, (spellings.get(spelling) ?? 0) + 1);
  }
}
