/**
 * The compact wire form of network data (GET /api/network and GET /api/teams/{id}/network with
 * `Accept: application/vnd.warmpath.network.v1+json`): the same `{connections, relationships,
 * companies, workspace?}` as columns instead of one object per person and link. Every text is in
 * `strings` once (names, companies, titles, dates and URLs repeat), referenced as index + 1 with
 * 0 for null; numeric ids and link ends are deltas from the previous one (brotli cannot see that
 * 1001, 1002, 1003 is a sequence, "1,1,1" it folds to nothing); company links, half of a pooled
 * network's links, are not sent at all when the receiver can derive them from the people
 * (`deriveCompanyLinks`, the rule the server used). See docs/workspace-network.md.
 */
import type { ArchiveSignalsView, NetworkData, TeamNetworkData } from '@warmpath/contracts';

/** What either network route answers: the own network, or a pooled one with its `workspace`. */
export type WireNetwork = NetworkData & { workspace?: TeamNetworkData['workspace'] };

export const COMPACT_NETWORK_FORMAT = 'warmpath.network';
/** Bump on any change of the columns or of the company link rules a `derivedCompanyLinks` relies on. */
export const COMPACT_NETWORK_VERSION = 1;

/** A numeric id or node index as a delta from the previous number of its column, or a text as is. */
export type DeltaValue = number | string;

export interface CompactPeople {
  /** Decimal ids as deltas from the previous decimal id; any other id (`u<userId>`) as text. */
  id: DeltaValue[];
  userId: number[];
  firstName: number[];
  lastName: number[];
  company: number[];
  position: number[];
  email: number[];
  linkedinUrl: number[];
  avatarUrl: number[];
  notes: number[];
  industry: number[];
  location: number[];
  connectionDegree: number[];
  yearsConnected: (number | null)[];
  connectedOn: number[];
  createdAt: number[];
  /** isUser 1, isTeammate 2, hasWorkedWith 4. */
  flags: number[];
  /** FUNCTION_CATEGORIES index × 16 + seniority (1..10). */
  positionInfo: number[];
  /** Index into `knownByLists`: a workspace has few distinct sets of members knowing someone. */
  knownBy: number[];
  knownByLists: number[][];
  /** Only the people with one: [person index, absentSince, previousCompany, previousPosition, jobChangedAt]. */
  exportHistory: [number, number, number, number, number][];
  /**
   * Only the people with a tie strength (docs/warmth.md): [person index, score or -1 when only the
   * band is shared, STRENGTH_BAND_VALUES index, the archive's signals or null]. Absent in data
   * encoded before it existed.
   */
  warmth?: [number, number, number, ArchiveSignalsView | null][];
}

export interface CompactLinks {
  /** Index of the source node (delta from the previous index), or the id as text when it is no node. */
  source: DeltaValue[];
  target: DeltaValue[];
  /** RELATIONSHIP_TYPES index. */
  type: number[];
  strength: number[];
  createdAt: number[];
  company: number[];
  userId: number[];
  /** 0: the id is `<sourceId>-<targetId>` (every link the services build); else a string ref. */
  id: number[];
}

export interface CompactNetwork {
  format: typeof COMPACT_NETWORK_FORMAT;
  version: number;
  strings: string[];
  people: CompactPeople;
  /** Every link, or every link before the company links when those are derived. */
  links: CompactLinks;
  /**
   * Set when the company links follow `links` and are `deriveCompanyLinks(people, owner)` of the
   * people who are not user nodes: the receiver derives them and checks there are `count`.
   */
  derivedCompanyLinks: { owner: number; count: number } | null;
  companies: { name: number[]; key: number[]; count: number[] };
  workspace?: TeamNetworkData['workspace'];
}

export const FLAG_IS_USER = 1;
export const FLAG_IS_TEAMMATE = 2;
export const FLAG_HAS_WORKED_WITH = 4;
