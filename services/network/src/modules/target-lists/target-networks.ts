import type { Connection, SkippedTargetRow, TargetCorrection, TargetResultRow } from '@warmpath/contracts';
import {
  CompanySuggester,
  edgeWarmth,
  HIDDEN_KNOWER,
  type KnowerTie,
  TargetPeopleIndex,
  type TargetSeenSnapshot,
  userNodeId,
} from '@warmpath/domain';
import { type LoadedNetwork, MemoKey } from '../graph/loaded-network.js';
import type { PooledTeamNetwork } from '../team-graph/team-networks.service.js';

// What target matching needs of a network, built once per network version (docs/targets.md#storage):
// memoised on the loaded or pooled network, so every list of that version reuses it.

export interface TargetMatchNetwork {
  index: TargetPeopleIndex;
  suggester: CompanySuggester;
  /** The pooled knows ties' warmth, by person id (absent for the own network: one tie each). */
  ties?: ReadonlyMap<string, readonly KnowerTie[]>;
  /**
   * The pooled people known only by members on `counts` (their company only): counted from groups
   * of 3, never listed (docs/targets.md#k-anonymity). Absent for the own network.
   */
  countedOnly?: readonly { company: string | null }[];
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
const POOLED_KEY = new MemoKey<TargetMatchNetwork>('target-match');

function build(
  people: readonly Connection[],
  pooled?: Pick<TargetMatchNetwork, 'ties' | 'countedOnly'>,
): TargetMatchNetwork {
  const index = new TargetPeopleIndex(people);
  const suggester = new CompanySuggester([...index.companyNames.values()].map((name) => ({ name })));
  return { index, suggester, ...pooled, coverage: new Map(), ranked: new Map() };
}

export const ownTargetNetwork = (network: LoadedNetwork): TargetMatchNetwork =>
  network.memo(OWN_KEY, () => build(network.people));

/**
 * The pooled network's people the viewer may see, the people counted only, and each knower's tie warmth from the knows
 * ties. Only knowers named in the person's `knownBy` count: a member on `counts` is HIDDEN_KNOWER
 * there, so their ties never make them a connector (docs/targets.md#k-anonymity).
 */
export const pooledTargetNetwork = (network: PooledTeamNetwork): TargetMatchNetwork =>
  network.memo(POOLED_KEY, () => {
    const { people, knowsLinks, knowsTies } = network.pooled;
    const named = new Map<string, Set<string>>();
    for (const person of people)
      named.set(
        person.id,
        new Set(person.knownBy.filter((id) => id !== HIDDEN_KNOWER).map((id) => userNodeId(id))),
      );
    const ties = new Map<string, KnowerTie[]>();
    knowsLinks.forEach((link, i) => {
      const tie = knowsTies[i];
      if (!tie || !named.get(link.targetId)?.has(link.sourceId)) return;
      const warmth = edgeWarmth({
        type: 'connection',
        yearsConnected: tie.yearsConnected,
        hasWorkedWith: tie.hasWorkedWith,
        // What the member shares of the tie's score, not the full score: the warmth is shown.
        strength: tie.strength?.score ?? null,
      });
      const list = ties.get(link.targetId) ?? [];
      list.push({ userId: Number(link.sourceId.slice(1)), warmth });
      ties.set(link.targetId, list);
    });
    // A person known by nobody the viewer may name has no ties: never a way in.
    for (const person of people) if (!ties.has(person.id)) ties.set(person.id, []);
    // Known only by members on counts: no node for this viewer; only their company is passed on.
    const countedOnly: { company: string | null }[] = [];
    for (const person of network.persons())
      if (person.node === null) countedOnly.push({ company: person.records[0]?.company ?? null });
    return build(people, { ties, countedOnly });
  });
