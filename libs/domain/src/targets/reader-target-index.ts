import type { Connection } from '@warmpath/contracts';
import { profileKey, type MemberRecord } from '../pooling/person-identity.js';
import { knowsTieOf, personNode, type PoolMember } from '../pooling/pool-person.js';
import type { PooledPerson } from '../pooling/pooled-person-memo.js';
import type { SharedPool } from '../pooling/shared-pool.js';
import {
  CompanySuggester,
  type CompanySuggestionHit,
  type CompanySuggestions,
} from './company-suggestions.js';
import { hiddenCounts } from './match-targets.js';
import { type TargetBlocks } from './target-blocks.js';
import {
  carriedList,
  carriedPerson,
  type CarriedPerson,
  type ReaderCarry,
  type TargetIndexCarry,
} from './target-index-carry.js';
import type { KnowerTie, KnowerTies } from './target-connectors.js';
import { spelling, TargetPeopleIndex, type TargetPeopleLookup } from './target-people-index.js';

import { pooledPersonTies, tieWarmth } from './pooled-person-ties.js';
import { sharedTargetIndex, type SharedTargetIndex } from './shared-target-index.js';

// docs/targets.md "Workspace lists: one index per workspace version": a workspace's lists are
// matched against its shared build (SharedPool) with a small overlay per reader, giving exactly
// what matching the reader's pooled network (mergeView of the build and viewerOverlay) gives.

const readerIndexes = new WeakMap<SharedPool, Map<number, ReaderTargetIndex>>();

/** A reader's view of a build (one per version and reader); throws for a non-member. */
export function readerTargetIndex(
  pool: SharedPool,
  viewerId: number,
  previous?: TargetIndexCarry,
): ReaderTargetIndex {
  let readers = readerIndexes.get(pool);
  if (!readers) readerIndexes.set(pool, (readers = new Map()));
  let index = readers.get(viewerId);
  if (!index) {
    const shared = sharedTargetIndex(pool, previous);
    index = new ReaderTargetIndex(shared, viewerId, shared.carry.readers.get(viewerId));
    readers.set(viewerId, index);
    shared.carry.readers.set(viewerId, index.carry);
  }
  return index;
}

/** The nodes sorted by rank, each with its rank (in that order: a Map keeps it). */
function inOrder(entries: { node: Connection; rank: number }[]): Map<Connection, number> {
  entries.sort((a, b) => a.rank - b.rank);
  return new Map(entries.map((entry) => [entry.node, entry.rank] as const));
}

/** A person the reader knows, as their pooled network shows them: node and ties. */
type ReaderPerson = CarriedPerson;

const readerPersons = new WeakMap<PooledPerson, Map<number, ReaderPerson>>();

/**
 * The person of a group the reader knows, pooled for them as viewerOverlay does: their record
 * first (their node's fields, degree 1, what their record shows them), their own tie at the full
 * level, the other members' ties as the build has them. A function of the build's person (its
 * records, knowers and sharing): memoised on it, so a version reuses the last one's.
 */
function readerPerson(pool: SharedPool, group: number, viewer: number, viewerId: number): ReaderPerson {
  const before = pool.persons[group] as PooledPerson;
  let byViewer = readerPersons.get(before);
  const known = byViewer?.get(viewerId);
  if (known) return known;
  const members = pool.members;
  const inOrder = pool.groups[group] as readonly MemberRecord[];
  const mine = inOrder.find((record) => record.member === viewer) as MemberRecord;
  const records = [mine, ...inOrder.filter((record) => record !== mine)];
  const visible = records.filter((r) => r === mine || members[r.member]?.sharing !== 'counts');
  const node = personNode(members, records, visible, viewer);
  const ties = [
    { userId: viewerId, warmth: tieWarmth(knowsTieOf(members, mine, viewer)) },
    ...pooledPersonTies(before).filter((tie) => tie.userId !== viewerId),
  ];
  const person = { node, ties };
  if (!byViewer) readerPersons.set(before, (byViewer = new Map()));
  byViewer.set(viewerId, person);
  return person;
}

/**
 * One reader's view of a workspace version (docs/targets.md "Workspace lists: one index per
 * workspace version"): the shared index, with the people the reader knows replaced by their own
 * view of them, in the order of the reader's pooled network. A company, domain or profile none of
 * the reader's people touch answers the shared index's very list (so its ranked block is shared
 * by every reader); the others are merged once per reader. O(the reader's people) to build.
 */
export class ReaderTargetIndex implements TargetPeopleLookup {
  readonly ties: KnowerTies;
  readonly hidden: ReadonlyMap<string, number>;
  readonly suggester: CompanySuggestions;
  readonly blocks: TargetBlocks;
  /** The reader's people by group (every group they have a record in). */
  private readonly own = new Map<number, ReaderPerson>();
  private readonly ownGroupOf = new Map<Connection, number>();
  /** The reader's people, and the build's nodes they replace, indexed on their own. */
  private readonly ownIndex: TargetPeopleIndex;
  private readonly replacedIndex: TargetPeopleIndex;
  private readonly rankOfGroup: (group: number) => number;
  private readonly atCompany = new Map<string, readonly Connection[] | undefined>();
  private readonly atDomain = new Map<string, readonly Connection[] | undefined>();
  /** What the reader's view of the next version reuses. */
  readonly carry: ReaderCarry;

  /** With `previous`, the reader's view of the last version: equal people and lists are kept. */
  constructor(
    readonly shared: SharedTargetIndex,
    readonly viewerId: number,
    private readonly previous?: ReaderCarry,
  ) {
    const pool = shared.pool;
    const viewer = pool.members.findIndex((member) => member.node.userId === viewerId);
    if (viewer < 0) throw new Error(`The viewer ${viewerId} is not a member`);
    const groupOf = pool.groupOf[viewer] as Int32Array;
    // The groups a pooling for the reader makes first, as viewerOverlay finds them (mergeView's order).
    const firstUrl = new Map<number, number>();
    const firstOther: number[] = [];
    const persons = new Map<string, ReaderPerson>();
    const used = new Set<string>();
    (pool.members[viewer] as PoolMember).people.forEach((record, index) => {
      const group = groupOf[index] as number;
      if (group < pool.urlGroups) {
        if (!firstUrl.has(group) && profileKey(record) !== null) firstUrl.set(group, firstUrl.size);
      } else if (!this.own.has(group)) firstOther.push(group);
      if (this.own.has(group)) return;
      const now = readerPerson(pool, group, viewer, viewerId);
      const person = carriedPerson(now, previous?.persons.get(now.node.id), used);
      this.own.set(group, person);
      persons.set(person.node.id, person);
    });
    const otherRank = new Map(firstOther.map((group, at) => [group, at] as const));
    const [urlFirst, urls, otherFirst] = [firstUrl.size, pool.urlGroups, firstOther.length];
    this.rankOfGroup = (group) => {
      const url = firstUrl.get(group);
      if (url !== undefined) return url;
      const other = otherRank.get(group);
      if (other !== undefined) return urlFirst + urls + other;
      return group < urls ? urlFirst + group : urlFirst + urls + otherFirst + group;
    };
    const ownTies = new Map<string, readonly KnowerTie[]>();
    const ordered: { node: Connection; rank: number }[] = [];
    const replaced: { node: Connection; rank: number }[] = [];
    let countedOnlyKnown = false;
    for (const [group, person] of this.own) {
      this.ownGroupOf.set(person.node, group);
      ownTies.set(person.node.id, person.ties);
      const rank = this.rankOfGroup(group);
      ordered.push({ node: person.node, rank });
      const before = shared.nodeOf(group);
      if (before) replaced.push({ node: before, rank });
      else countedOnlyKnown = true;
    }
    // Both in the reader's order, each patched from the last version's when in the same order.
    const ownPlace = inOrder(ordered);
    const replacedPlace = inOrder(replaced);
    this.ownIndex = new TargetPeopleIndex(
      ownPlace.keys(),
      previous && { last: previous.ownIndex, lastPlace: previous.ownPlace, place: ownPlace },
    );
    this.replacedIndex = new TargetPeopleIndex(
      replacedPlace.keys(),
      previous && { last: previous.replacedIndex, lastPlace: previous.replacedPlace, place: replacedPlace },
    );
    this.ties = { get: (personId) => ownTies.get(personId) ?? shared.ties.get(personId) };
    // The people counted only whom the reader knows are theirs to see: counted no more.
    this.hidden = countedOnlyKnown
      ? hiddenCounts(shared.countedOnly.filter((person) => !this.own.has(person.group)))
      : shared.hidden;
    this.blocks = shared.blocks;
    this.carry = {
      persons,
      atCompany: this.atCompany,
      atDomain: this.atDomain,
      ownIndex: this.ownIndex,
      ownPlace,
      replacedIndex: this.replacedIndex,
      replacedPlace,
    };
    this.suggester = { suggest: (name, limit) => this.suggest(name, limit) };
  }

  /** True when the reader's own indexes were patched from their view of the last version. */
  get patched(): boolean {
    return this.ownIndex.patched && this.replacedIndex.patched;
  }

  peopleAt(companyKey: string): readonly Connection[] | undefined {
    const shared = this.shared.people.peopleAt(companyKey);
    const own = this.ownIndex.peopleAt(companyKey);
    if (!own && !this.replacedIndex.peopleAt(companyKey)) return shared;
    if (!this.atCompany.has(companyKey))
      this.atCompany.set(
        companyKey,
        carriedList(this.merge(shared, own), this.previous?.atCompany.get(companyKey)),
      );
    return this.atCompany.get(companyKey);
  }

  peopleAtDomain(domain: string): readonly Connection[] | undefined {
    const shared = this.shared.people.peopleAtDomain(domain);
    const own = this.ownIndex.peopleAtDomain(domain);
    if (!own && !this.replacedIndex.peopleAtDomain(domain)) return shared;
    if (!this.atDomain.has(domain))
      this.atDomain.set(domain, carriedList(this.merge(shared, own), this.previous?.atDomain.get(domain)));
    return this.atDomain.get(domain);
  }

  isExactSpelling(key: string, name: string): boolean {
    if (this.ownIndex.isExactSpelling(key, name)) return true;
    if (!this.shared.people.isExactSpelling(key, name)) return false;
    // Someone of the build spells it so: unless only people the reader replaces do.
    if (!this.replacedIndex.isExactSpelling(key, name)) return true;
    const wanted = spelling(name);
    return (this.peopleAt(key) ?? []).some(
      (person) => !!person.company && spelling(person.company) === wanted,
    );
  }

  keyForStem(stemKey: string): string | null {
    const own = this.ownIndex.keysForStem(stemKey);
    if (!own && !this.replacedIndex.keysForStem(stemKey)) return this.shared.people.keyForStem(stemKey);
    const keys = new Set<string>();
    for (const key of [...(this.shared.people.keysForStem(stemKey) ?? []), ...(own ?? [])])
      if (this.peopleAt(key)) keys.add(key);
    return keys.size === 1 ? ([...keys][0] as string) : null;
  }

  byProfile(profileUrl: string): Connection | undefined {
    const own = this.ownIndex.byProfile(profileUrl);
    if (!own && !this.replacedIndex.byProfile(profileUrl)) return this.shared.people.byProfile(profileUrl);
    // The build's people of that profile are in group order: the first the reader sees is theirs.
    const shared = this.shared.people.allByProfile(profileUrl).find((person) => !this.isReplaced(person));
    if (!own || !shared) return own ?? shared;
    return this.rankOf(own) < this.rankOf(shared) ? own : shared;
  }

  byName(firstName: string, lastName: string, companyKey: string): readonly Connection[] {
    const shared = this.shared.people.byName(firstName, lastName, companyKey);
    if (!this.touches(companyKey)) return shared;
    const own = this.ownIndex.byName(firstName, lastName, companyKey);
    return this.merge(shared, own) ?? [];
  }

  /** The companies with their first spelling in the reader's order (the order of keys aside). */
  get companyNames(): ReadonlyMap<string, string> {
    const names = new Map(this.shared.people.companyNames);
    for (const key of this.touchedKeys()) {
      const first = this.firstAt(key);
      if (first) names.set(key, (first.company as string).trim());
      else names.delete(key);
    }
    return names;
  }

  /**
   * The shared suggester's answer, amended for the companies the reader's people change: one
   * the reader has nobody at is left out (the shared answer is asked for that many more), one
   * only the reader has anybody at is added, and one the reader first sees spelled otherwise is
   * shown so. Suggestions depend on the keys only, so this is what a suggester over the reader's
   * companies answers.
   */
  private suggest(name: string, limit = 5): CompanySuggestionHit[] {
    const { removed, renamed, added } = this.changes();
    if (removed.size === 0 && renamed.size === 0 && added === null)
      return this.shared.suggester.suggest(name, limit);
    const hits = this.shared.suggester
      .suggest(name, limit + removed.size)
      .filter((hit) => !removed.has(hit.key))
      .map((hit) => {
        const spelled = renamed.get(hit.key);
        return spelled === undefined ? hit : { ...hit, name: spelled };
      });
    if (added) hits.push(...added.suggest(name, limit));
    hits.sort((a, b) => b.similarity - a.similarity || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    return hits.slice(0, limit);
  }

  private suggestChanges: {
    removed: Set<string>;
    renamed: Map<string, string>;
    added: CompanySuggester | null;
  } | null = null;

  private changes() {
    if (this.suggestChanges) return this.suggestChanges;
    const removed = new Set<string>();
    const renamed = new Map<string, string>();
    const added: { name: string }[] = [];
    for (const key of this.touchedKeys()) {
      const first = this.firstAt(key);
      const before = this.shared.people.companyNames.get(key);
      const now = first ? (first.company as string).trim() : undefined;
      if (now === undefined) {
        if (before !== undefined) removed.add(key);
      } else if (before === undefined) added.push({ name: now });
      else if (before !== now) renamed.set(key, now);
    }
    this.suggestChanges = {
      removed,
      renamed,
      added: added.length > 0 ? new CompanySuggester(added) : null,
    };
    return this.suggestChanges;
  }

  /** The first person the reader sees at a company, without merging its lists. */
  private firstAt(companyKey: string): Connection | undefined {
    const own = this.ownIndex.peopleAt(companyKey)?.[0];
    const shared = this.shared.people.peopleAt(companyKey)?.find((node) => !this.isReplaced(node));
    if (!own || !shared) return own ?? shared;
    return this.rankOf(own) < this.rankOf(shared) ? own : shared;
  }

  private touchedKeys(): Set<string> {
    return new Set([...this.ownIndex.byCompany.keys(), ...this.replacedIndex.byCompany.keys()]);
  }

  private touches(companyKey: string): boolean {
    return this.ownIndex.byCompany.has(companyKey) || this.replacedIndex.byCompany.has(companyKey);
  }

  private isReplaced(node: Connection): boolean {
    const group = this.shared.groupOfNode.get(node);
    return group !== undefined && this.own.has(group);
  }

  private rankOf(node: Connection): number {
    const group = this.ownGroupOf.get(node) ?? this.shared.groupOfNode.get(node);
    return this.rankOfGroup(group as number);
  }

  /** The build's list without the nodes the reader replaces, with the reader's own, in order. */
  private merge(
    shared: readonly Connection[] | undefined,
    own: readonly Connection[] | undefined,
  ): readonly Connection[] | undefined {
    const kept = (shared ?? []).filter((node) => !this.isReplaced(node));
    const mine = own ?? [];
    const merged: Connection[] = [];
    let [i, j] = [0, 0];
    while (i < kept.length && j < mine.length)
      merged.push(
        this.rankOf(kept[i] as Connection) <= this.rankOf(mine[j] as Connection)
          ? (kept[i++] as Connection)
          : (mine[j++] as Connection),
      );
    while (i < kept.length) merged.push(kept[i++] as Connection);
    while (j < mine.length) merged.push(mine[j++] as Connection);
    return merged.length > 0 ? merged : undefined;
  }
}
