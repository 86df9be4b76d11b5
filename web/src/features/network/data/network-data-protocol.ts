import type { CompanySummary, MemberReach, NetworkData } from '@warmpath/contracts';
import type { DegreeCounts, NetworkFilters } from '@warmpath/domain';
import type { LinkColumns } from './link-columns';
import type { PeopleColumns } from './people-columns';

/**
 * People travel as typed columns (people-columns.ts) in slices this big: each message is a short
 * task for the page to build its people from (docs/workspace-network.md#in-the-browser).
 */
export const PEOPLE_PER_MESSAGE = 5_000;
/**
 * Links travel as typed columns (link-columns.ts): a message of this many is a few ms to receive;
 * 20,000 a message, with the scavenges the link objects cause, made tasks of 50-90 ms at team
 * scale (docs/performance.md#the-workspace-screens-long-tasks).
 */
export const LINKS_PER_MESSAGE = 10_000;

/** A failed read, in RTK Query's shape (status and body, or a fetch failure). */
export type LoadFailure = { status: number; data: unknown } | { status: 'FETCH_ERROR'; error: string };

/** What the main thread asks the network-data worker. `id` pairs each answer with its question. */
export type DataRequest =
  | { id: number; kind: 'load'; url: string; held: number | null }
  | { id: number; kind: 'view'; dataset: number; filters: NetworkFilters }
  | {
      id: number;
      kind: 'match';
      dataset: number;
      positions: Uint32Array | null;
      search: 'dashboard' | 'table';
      query: string;
      limit: number;
    };

/** The filter sidebar's option lists, worked out once per network. */
export interface FilterOptions {
  companies: CompanySummary[];
  industries: string[];
  locations: string[];
}

/** A workspace's super-connectors, worked out once per pooled network. */
export interface PoolSummary {
  /** Indexes of the people known by the most members (two or more), most first. */
  superConnectors: Uint32Array;
  /** Each member's reach as the server counted it (people on counts only included). */
  members: MemberReach[];
}

/**
 * How a network was read (docs/workspace-network.md#in-the-browser): `split` is a workspace's base,
 * patch and own network assembled in the worker (`applyMs`: applyViewerPatch's time, null when
 * nothing changed), `route` the network route's own answer (`fallback`: why the split read gave
 * way to it, null for your own network or when no split read was tried).
 */
export interface NetworkRead {
  path: 'split' | 'route';
  attempts: number;
  applyMs: number | null;
  fallback: string | null;
}

/** A request before it is numbered (Omit over each member of the union). */
export type Unnumbered<T> = T extends unknown ? Omit<T, 'id'> : never;

/** Answers; a load streams `people` and `links` messages before its `loaded` answer. */
export type DataResponse =
  | { id: number; kind: 'people'; columns: PeopleColumns }
  /** `total`: how many links the whole read has (the page makes their columns at the first message). */
  | { id: number; kind: 'links'; columns: LinkColumns; total: number }
  | {
      id: number;
      kind: 'loaded';
      dataset: number;
      unchanged: boolean;
      companies: NetworkData['companies'];
      colleagues: Uint32Array;
      options: FilterOptions;
      /** Only for a workspace's pooled network. */
      pool: PoolSummary | null;
      read: NetworkRead;
    }
  | { id: number; kind: 'failed'; failure: LoadFailure }
  | {
      id: number;
      kind: 'view';
      people: Uint32Array;
      links: Uint32Array;
      /** Where each link of the view ends, as positions in `people` (-1: not in the view). */
      linkSources: Int32Array;
      linkTargets: Int32Array;
      degreeCounts: DegreeCounts;
    }
  | { id: number; kind: 'match'; positions: Uint32Array }
  | { id: number; kind: 'error'; message: string };
