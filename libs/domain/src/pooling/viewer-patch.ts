import type { CompanySummary, Connection } from '@warmpath/contracts';
import { compareCompanies } from '../search/search-connections.js';
import { companyKeysOf, recordKeysOf, type MemberRecord } from './person-identity.js';
import type { MemberReach } from './pool-network.js';
import { HIDDEN_KNOWER, personOf, type PoolMember } from './pool-person.js';
import { baseLayout } from './shared-base.js';
import type { SharedPool } from './shared-pool.js';
import { runToEnd, type Slices } from './slices.js';
import { CompanyDelta, ReachDelta } from './viewer-deltas.js';

export const VIEWER_PATCH_FORMAT = 'warmpath.viewer-patch';
/** Bump on any change of the fields below or of what the base holds. */
export const VIEWER_PATCH_VERSION = 1;

/** Where an entry's person goes in the viewer's order of people (mergeView's rule). */
export const PLACE_FIRST_URL = 1;
export const PLACE_FIRST_OTHER = 2;
export const PLACE_IN_ORDER = 3;

const FIRST = 1;
const KNOWN = 2;

/**
 * What one viewer's pooled network has that the base (baseNetwork) and the viewer's own records
 * (GET /api/network) do not say (docs/workspace-network.md "One snapshot per workspace version:
 * base + viewer patch"). JSON, O(the viewer's people + the companies the k-anonymity rule names
 * from counted-only people).
 */
export interface ViewerPatch {
  format: typeof VIEWER_PATCH_FORMAT;
  version: number;
  viewerId: number;
  /** The viewer's records it was made for: how many, and idsHash of their ids in order. */
  own: { count: number; ids: number };
  /** The base it was made for: its member nodes and people. */
  base: { members: number; people: number };
  /** The viewer's own e-mail and notes, which their node in the base does not show. */
  self: { email: string | null; notes: string | null };
  /** The base's people met on a profile URL (they come first in the base). */
  urlPeople: number;
  /**
   * One entry per distinct person the viewer knows, in the order they take: PLACE_FIRST_URL
   * entries, then PLACE_FIRST_OTHER, then PLACE_IN_ORDER by the base's order. Columns:
   * `record` the viewer's record that is the person (index into their records, as a delta from
   * the previous entry's), `base` the person's index among the base's people or -1 (counted only
   * there), `place`, `at` where a PLACE_IN_ORDER entry with no base node goes (before that base
   * person; 0 otherwise), `knownBy` -1 for "the base node's knownBy with the viewer first", else
   * an index into `knownByLists`.
   */
  entries: { record: number[]; base: number[]; place: number[]; at: number[]; knownBy: number[] };
  knownByLists: number[][];
  /** The viewer's companies that differ from the base's: summaries to set, keys to drop. */
  companies: { set: CompanySummary[]; drop: string[] };
  otherCompanyPeople: number;
  /** workspace.members of the viewer's pooled network (the viewer first). */
  members: MemberReach[];
}

/** FNV-1a over the records' ids: whether a patch was made for the records in hand. */
export function idsHash(records: readonly Pick<Connection, 'id'>[]): number {
  return hashIds(FNV_OFFSET, records, 0, records.length) >>> 0;
}

const FNV_OFFSET = 0x811c9dc5;

/** idsHash's loop over records [from, to), from `hash`: a long network's hash made a slice at a time. */
function hashIds(hash: number, records: readonly Pick<Connection, 'id'>[], from: number, to: number): number {
  for (let index = from; index < to; index++) {
    const id = (records[index] as Pick<Connection, 'id'>).id;
    for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193);
    hash = Math.imul(hash ^ 44, 0x01000193);
  }
  return hash;
}

/** idsHash of a member's records, once per loaded network (the same array in every build). */
const ownHashes = new WeakMap<readonly Connection[], number>();

/** Per group of a shared build: what viewerPatchInSlices marks, zero between patches. */
interface PatchScratch {
  readonly seen: Uint8Array;
  /** Per group the viewer knows: their record's index among their own (their `people`). */
  readonly mine: Int32Array;
}

const spareScratch = new WeakMap<SharedPool, PatchScratch[]>();

/**
 * Arrays of one entry per group, zeroed, for one patch: those a patch of the same build gave back
 * when there are, else new ones. A build's patches (hundreds per version) each marking the few
 * thousand groups of one viewer in arrays of every group (hundreds of thousands) spent more on
 * allocating, zeroing and collecting them than on the marking (docs/workspace-network.md "One
 * snapshot per workspace version: base + viewer patch").
 */
function takeScratch(shared: SharedPool): PatchScratch {
  const spare = spareScratch.get(shared)?.pop();
  if (spare) return spare;
  const groups = shared.groups.length;
  return { seen: new Uint8Array(groups), mine: new Int32Array(groups) };
}

/** Gives back a patch's arrays once every entry of `seen` it set is zero again. */
function giveScratch(shared: SharedPool, scratch: PatchScratch): void {
  let spare = spareScratch.get(shared);
  if (!spare) spareScratch.set(shared, (spare = []));
  // Two at most: patches are built one after another (a slice may interleave two builds).
  if (spare.length < 2) spare.push(scratch);
}

/**
 * The patch of one viewer over the base of `shared`; throws for a non-member, as poolNetwork
 * does. O(the viewer's records): no node, link or company link is built (the browser builds
 * them from the viewer's records and the base).
 */
export function viewerPatch(shared: SharedPool, viewerId: number): ViewerPatch {
  return runToEnd(viewerPatchInSlices(shared, viewerId));
}

/** Records between two pauses of viewerPatchInSlices. */
const SLICE_RECORDS = 1_024;

/** viewerPatch in slices (runToEnd, slices.ts): it pauses every few thousand of the viewer's records. */
export function* viewerPatchInSlices(shared: SharedPool, viewerId: number): Slices<ViewerPatch> {
  const viewer = shared.members.findIndex((member) => member.node.userId === viewerId);
  if (viewer < 0) throw new Error(`The viewer ${viewerId} is not a member`);
  const layout = baseLayout(shared);
  const members = shared.members;
  const self = members[viewer] as PoolMember;
  const groupOf = shared.groupOf[viewer] as Int32Array;
  // Per group: FIRST it takes a first place (mergeView's order), KNOWN the viewer knows them;
  // and per group the viewer knows, the index of their record among their own.
  const scratch = takeScratch(shared);
  const { seen, mine: mineOf } = scratch;
  const firstUrl: number[] = [];
  const firstOther: number[] = [];
  const known: number[] = [];
  const companies = new CompanyDelta(shared);
  const reach = new ReachDelta(shared);
  const people = self.people;
  const urls = recordKeysOf(people).urls;
  const ownKeys = companyKeysOf(people);
  // A plain function called once a slice: the same loop inside the generator profiled slower.
  const scan = (from: number, to: number): void => {
    for (let index = from; index < to; index++) {
      const group = groupOf[index] as number;
      const flags = seen[group] as number;
      // As viewerOverlay: a URL group goes first at the viewer's first record with a URL there,
      // another group at the viewer's first record of it.
      if (group < shared.urlGroups) {
        if ((flags & FIRST) === 0 && urls[index] !== null) {
          seen[group] = flags | FIRST;
          firstUrl.push(group);
        }
      } else if ((flags & KNOWN) === 0) {
        seen[group] = flags | FIRST;
        firstOther.push(group);
      }
      if ((flags & KNOWN) !== 0) continue;
      seen[group] = (seen[group] as number) | KNOWN;
      known.push(group);
      const records = shared.groups[group] as readonly MemberRecord[];
      let at = 0;
      while ((records[at] as MemberRecord).member !== viewer) at++;
      const first = personOf(members, records[0] as MemberRecord);
      const mineIndex = (records[at] as MemberRecord).person;
      // Kept as the record's index, not its place in the group: the entries below then need the
      // group's records only for its knowers. Each read of a group's records is a cache miss in a
      // pool of hundreds of thousands, and a second pass over them was a third of the patches'
      // time (docs/performance.md "Readers and the new version's base").
      mineOf[group] = mineIndex;
      const mine = people[mineIndex] as Connection;
      const before = shared.persons[group]?.node;
      // The same spelling moves nothing: the company counts as the shared build counted it.
      if (!before) {
        companies.moveCounted(first, -1);
        companies.moveShown(mine, +1);
      } else if (before.company !== mine.company) {
        companies.moveShown(before, -1);
        companies.moveShown(mine, +1);
      }
      if (first.company !== mine.company) {
        const firstRecord = records[0] as MemberRecord;
        const left = companyKeysOf((members[firstRecord.member] as PoolMember).people)[firstRecord.person];
        reach.moveKeys(records, left ?? null, ownKeys[mineIndex] ?? null);
      }
    }
  };
  // The hash of the viewer's record ids is made alongside, a slice at a time: in one piece it held
  // the event loop for 60-120 ms at 30,000 records (docs/workspace-network.md "One shared build
  // per workspace version").
  let ownHash = ownHashes.get(people);
  let hashing = FNV_OFFSET;
  for (let from = 0; from < people.length; from += SLICE_RECORDS) {
    const to = Math.min(people.length, from + SLICE_RECORDS);
    scan(from, to);
    if (ownHash === undefined) hashing = hashIds(hashing, people, from, to);
    yield;
  }
  if (ownHash === undefined) ownHashes.set(people, (ownHash = hashing >>> 0));
  const entries: ViewerPatch['entries'] = { record: [], base: [], place: [], at: [], knownBy: [] };
  const knownByLists: number[][] = [];
  const listIndex = new Map<string, number>();
  let previousRecord = 0;
  const add = (group: number, place: number): void => {
    const mine = mineOf[group] as number;
    const base = layout.baseIndexOf[group] as number;
    entries.record.push(mine - previousRecord);
    previousRecord = mine;
    entries.base.push(base);
    entries.place.push(place);
    entries.at.push(place === PLACE_IN_ORDER && base < 0 ? (layout.shownBefore[group] as number) : 0);
    if (base >= 0 && self.sharing !== 'counts') {
      entries.knownBy.push(-1);
      return;
    }
    const knownBy = [viewerId];
    for (const record of shared.groups[group] as readonly MemberRecord[]) {
      if (record.member === viewer) continue;
      const member = members[record.member] as PoolMember;
      knownBy.push(member.sharing === 'counts' ? HIDDEN_KNOWER : member.node.userId);
    }
    const key = knownBy.join(',');
    let list = listIndex.get(key);
    if (list === undefined) {
      list = knownByLists.push(knownBy) - 1;
      listIndex.set(key, list);
    }
    entries.knownBy.push(list);
  };
  let added = 0;
  const places: [readonly number[], number][] = [
    [firstUrl, PLACE_FIRST_URL],
    [firstOther, PLACE_FIRST_OTHER],
    [known.filter((group) => ((seen[group] as number) & FIRST) === 0).sort((a, b) => a - b), PLACE_IN_ORDER],
  ];
  for (const [groups, place] of places)
    for (const group of groups) {
      add(group, place);
      if (++added % SLICE_RECORDS === 0) yield;
    }
  // Only the viewer's groups were written: cleared, the arrays serve the next patch.
  for (const group of known) seen[group] = 0;
  giveScratch(shared, scratch);
  yield;
  const summaries = companies.summaries();
  const set: CompanySummary[] = [];
  const drop: string[] = [];
  for (const [key, summary] of summaries.companies) {
    const inBase = layout.companyByKey.get(key);
    if (!summary) {
      if (inBase) drop.push(key);
    } else if (!inBase || inBase.name !== summary.name || inBase.count !== summary.count) set.push(summary);
  }
  for (const company of layout.countedNamed) if (!summaries.companies.has(company.key)) set.push(company);
  return {
    format: VIEWER_PATCH_FORMAT,
    version: VIEWER_PATCH_VERSION,
    viewerId,
    own: { count: self.people.length, ids: ownHash },
    base: { members: members.length, people: layout.shownBefore[shared.groups.length] as number },
    self: { email: self.node.email, notes: self.node.notes },
    urlPeople: layout.urlPeople,
    entries,
    knownByLists,
    companies: { set: set.sort(compareCompanies), drop },
    otherCompanyPeople: summaries.otherPeople,
    members: [viewer, ...members.keys()]
      .filter((index, at) => at === 0 || index !== viewer)
      .map((index) => reach.of(index)),
  };
}
