import type { SkippedTargetRow, TargetCorrection, TargetResultRow } from '@warmpath/contracts';
import {
  CompanySuggester,
  type CompanySuggestions,
  type KnowerTies,
  readerTargetIndex,
  type ReaderTargetIndex,
  type SharedPool,
  TargetBlocks,
  type TargetIndexCarry,
  TargetPeopleIndex,
  type TargetPeopleLookup,
  type TargetSeenSnapshot,
} from '@warmpath/domain';
import { type LoadedNetwork, MemoKey } from '../graph/loaded-network.js';
import { MAX_SPLIT_BUILDS_KEPT } from '../team-graph/team-networks.service.js';

// What target matching needs of a network, built once per network version (docs/targets.md#storage):
// memoised on the loaded network, or on the workspace version's shared build and the reader.

export interface TargetMatchNetwork {
  index: TargetPeopleLookup;
  suggester: CompanySuggestions;
  /** The pooled knows ties' warmth, by person id (absent for the own network: one tie each). */
  ties?: KnowerTies;
  /**
   * What the pooled people known only by members on `counts` add per company (hiddenCounts: from
   * groups of 3), never listed (docs/targets.md#k-anonymity). Absent for the own network.
   */
  hidden?: ReadonlyMap<string, number>;
  /** The companies' people ranked once per version (docs/targets.md#ranking). */
  blocks: TargetBlocks;
  /**
   * What each list covers at this version and by whom, by `listId:updatedAt` (a correction moves
   * updatedAt): the list index's new ways in reuse it until the network or the list changes.
   */
  coverage: Map<string, TargetSeenSnapshot>;
  /**
   * The last lists' ranked rows at this version, by `listId:updatedAt` (at most RANKED_KEPT): the
   * pages of one list are cut from one match, not one match each (docs/targets.md#paging).
   */
  ranked: Map<string, RankedTargetList>;
}

/** A list's contents and its rows matched and ranked against one network version. */
export interface RankedTargetList {
  rows: readonly TargetResultRow[];
  contents: { skipped: SkippedTargetRow[]; corrections: TargetCorrection[] };
}

/** How many lists' ranked rows a network version keeps (a 5,000-row list is a few MB). */
export const RANKED_KEPT = 8;

/** Keeps `value` as the most recent of `ranked`, forgetting the oldest beyond RANKED_KEPT. */
export function keepRanked(network: TargetMatchNetwork, key: string, value: RankedTargetList): void {
  network.ranked.delete(key);
  network.ranked.set(key, value);
  for (const oldest of network.ranked.keys()) {
    if (network.ranked.size <= RANKED_KEPT) break;
    network.ranked.delete(oldest);
  }
}

const OWN_KEY = new MemoKey<TargetMatchNetwork>('target-match');

export const ownTargetNetwork = (network: LoadedNetwork): TargetMatchNetwork =>
  network.memo(OWN_KEY, () => {
    const index = new TargetPeopleIndex(network.people);
    const suggester = new CompanySuggester([...index.companyNames.values()].map((name) => ({ name })));
    return { index, suggester, blocks: new TargetBlocks(), coverage: new Map(), ranked: new Map() };
  });

const readers = new WeakMap<ReaderTargetIndex, TargetMatchNetwork>();

/** How many workspaces' last target index is kept for their next version (as their builds). */
export const CARRIED_WORKSPACES = MAX_SPLIT_BUILDS_KEPT;
/** Each workspace's last version read, what its next version's index reuses; most recent last. */
const carries = new Map<number, TargetIndexCarry>();

/**
 * A workspace version as one reader matches lists against it (docs/targets.md "Workspace lists:
 * one index per workspace version"): the version's shared index, ties, hidden counts and ranked
 * companies, with the reader's own people over them; exactly what their pooled network gives.
 * The people known only by members on `counts` are counted from groups of 3 and never listed,
 * and such a member is never a connector (docs/targets.md#k-anonymity).
 */
export function workspaceTargetNetwork(
  pool: SharedPool,
  viewerId: number,
  teamId?: number,
): TargetMatchNetwork {
  const index = readerTargetIndex(pool, viewerId, teamId === undefined ? undefined : carries.get(teamId));
  if (teamId !== undefined) {
    // The version read last carries over to the next (docs/targets.md, "what the last version is worth").
    carries.delete(teamId);
    carries.set(teamId, index.shared.carry);
    for (const oldest of carries.keys()) {
      if (carries.size <= CARRIED_WORKSPACES) break;
      carries.delete(oldest);
    }
  }
  let network = readers.get(index);
  if (!network) {
    network = {
      index,
      suggester: index.suggester,
      ties: index.ties,
      hidden: index.hidden,
      blocks: index.blocks,
      coverage: new Map(),
      ranked: new Map(),
    };
    readers.set(index, network);
  }
  return network;
}
