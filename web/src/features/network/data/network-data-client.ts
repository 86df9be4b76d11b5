import type { Connection, NetworkData } from '@warmpath/contracts';
import type { DegreeCounts, NetworkFilters } from '@warmpath/domain';
import { LinkColumnJoiner, LinkTable } from './link-columns';
import { columnLinks, type NetworkLinks } from './network-links';
import { PeopleColumnReader } from './people-columns';
import { NetworkDataCore } from './network-data-core';
import type {
  DataRequest,
  DataResponse,
  FilterOptions,
  LoadFailure,
  NetworkRead,
  PoolSummary,
  Unnumbered,
} from './network-data-protocol';

/** Which network a view shows: your own (GET /api/network) or a workspace's pooled one. */
export type NetworkSource = { kind: 'own' } | { kind: 'team'; teamId: number };

export const OWN_NETWORK: NetworkSource = { kind: 'own' };

/** The route a network is read from. */
export function networkUrl(source: NetworkSource): string {
  return source.kind === 'own' ? '/api/network' : `/api/teams/${source.teamId}/network`;
}

/** What the page keeps next to a network read through the data worker. */
export interface DatasetInfo {
  /** The worker's number for this network: questions about it name it. */
  dataset: number;
  /**
   * Where each person is in the worker's list (the index answers refer to). A Map, not a WeakMap:
   * the people live as long as the network anyway, and a WeakMap of 100,000 people made every
   * scavenge while the network arrived walk its ephemerons
   * (docs/performance.md#the-workspace-screens-long-tasks).
   */
  indexOf: Map<Connection, number>;
  /** For each person (by index), how many others share their company. */
  colleagues: Uint32Array;
  /** The filter sidebar's companies, industries and locations. */
  options: FilterOptions;
  /** A workspace's super-connectors and members' reach; null for your own network. */
  pool: PoolSummary | null;
  /** The network's links as columns (`relationships` makes their objects on first read). */
  links: LinkTable;
}

export type LoadResult = { data: NetworkData; unchanged: boolean } | { failure: LoadFailure };

export interface NetworkView {
  connections: Connection[];
  /** Held as columns: no object per link unless asked for (network-links.ts). */
  links: NetworkLinks;
  degreeCounts: DegreeCounts;
}

type Pending = {
  resolve: (response: DataResponse) => void;
  reject: (error: Error) => void;
  onPart?: (response: DataResponse) => void;
};

const infos = new WeakMap<NetworkData, DatasetInfo>();
/** Index lists of the filtered lists already sent once (each keystroke of a search would repeat them). */
const positionsOf = new WeakMap<readonly Connection[], Uint32Array>();

/** The worker's bookkeeping for a network object, if it came through the client. */
export function datasetInfo(data: NetworkData | undefined): DatasetInfo | undefined {
  return data ? infos.get(data) : undefined;
}

/**
 * The performance mark of each network read on the page's timeline (`detail`: the source and
 * how it was read, NetworkRead), for bench:workspace (docs/workspace-network.md#in-the-browser).
 */
export const NETWORK_READ_MARK = 'warmpath:network-read';

function markRead(source: NetworkSource, read: NetworkRead, unchanged: boolean): void {
  if (typeof performance.mark !== 'function') return;
  try {
    performance.mark(NETWORK_READ_MARK, { detail: { ...source, ...read, unchanged } });
  } catch {
    // A timeline without User Timing details (some test environments): nothing to record.
  }
}

/** A changed copy of a network (a saved note) is still the same network to the worker. */
export function carryDataset(
  from: NetworkData,
  to: NetworkData,
  replaced?: { before: Connection; after: Connection },
): void {
  const info = infos.get(from);
  if (!info) return;
  if (replaced) {
    const index = info.indexOf.get(replaced.before);
    if (index !== undefined) info.indexOf.set(replaced.after, index);
  }
  infos.set(to, info);
}

/**
 * `all[indexes[0]], all[indexes[1]], ...`; `all` itself when the indexes are every position in
 * order (a view that filters nothing out): at team scale that list is 400,000 links, too many to
 * copy in the task that receives the answer.
 */
export function pick<T>(all: readonly T[], indexes: Uint32Array): T[] {
  return isEveryIndex(indexes, all.length) ? (all as T[]) : Array.from(indexes, (index) => all[index]);
}

/** Whether `indexes` are 0, 1, ... `length - 1`. */
function isEveryIndex(indexes: Uint32Array, length: number): boolean {
  let isEverything = indexes.length === length;
  for (let i = 0; isEverything && i < indexes.length; i++) isEverything = indexes[i] === i;
  return isEverything;
}

/**
 * A frozen network whose `relationships` are made from its link columns when first read: the
 * page draws and filters a network without an object per link (docs/performance.md, section
 * "Links as columns on the page"); whoever reads `relationships` gets the same objects as before.
 */
function networkWithLinks(fields: Omit<NetworkData, 'relationships'>, links: LinkTable): NetworkData {
  const data = { ...fields } as NetworkData;
  Object.defineProperty(data, 'relationships', {
    enumerable: true,
    get: () => links.objects(),
  });
  return Object.freeze(data);
}

/**
 * A copy of a network with other people (a saved note), its links still held as columns when it
 * was read through the data worker (a spread would make every link object).
 */
export function withConnections(data: NetworkData, connections: Connection[]): NetworkData {
  const info = infos.get(data);
  if (!info) return Object.freeze({ ...data, connections });
  return networkWithLinks({ connections, companies: data.companies }, info.links);
}

/**
 * The page's side of the network-data worker (see NetworkDataCore): one request at a time per
 * question, answers as promises. Where Worker does not exist (jsdom), the same core runs here.
 */
export class NetworkDataClient {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private readonly post: (request: DataRequest) => void;
  private readonly worker: Worker | null;

  constructor() {
    if (typeof Worker === 'function') {
      this.worker = new Worker(new URL('./network-data.worker.ts', import.meta.url), {
        type: 'module',
        name: 'network-data',
      });
      this.worker.onmessage = (event: MessageEvent<DataResponse>) => this.receive(event.data);
      this.worker.onerror = (event) =>
        this.failAll(new Error(`network data worker failed: ${event.message}`));
      this.post = (request) => this.worker?.postMessage(request);
    } else {
      this.worker = null;
      const core = new NetworkDataCore();
      // Answers arrive in later turns, as they would from a worker.
      this.post = (request) =>
        void core.handle(request, (response) => queueMicrotask(() => this.receive(response)));
    }
  }

  /**
   * Reads a network (yours, or a workspace's pooled one). People and links arrive in slices (each a short task to
   * receive). The network and its lists are frozen, which stops Immer's deep freeze at the top:
   * the store never walks 30,000 people. An unchanged network answers with the one already held.
   */
  async load(held: NetworkData | undefined, source: NetworkSource = OWN_NETWORK): Promise<LoadResult> {
    const heldInfo = datasetInfo(held);
    // Indexed as they arrive: the last message's task stays short.
    const indexOf = new Map<Connection, number>();
    const people: Connection[] = [];
    // Renumbered as they arrive: the last message's task only copies arrays.
    const linkColumns = new LinkColumnJoiner();
    const reader = new PeopleColumnReader();
    const response = await this.request(
      {
        kind: 'load',
        url: `${globalThis.location?.origin ?? ''}${networkUrl(source)}`,
        held: heldInfo?.dataset ?? null,
      },
      (part) => {
        if (part.kind === 'people')
          for (const person of reader.read(part.columns)) indexOf.set(person, people.push(person) - 1);
        else if (part.kind === 'links') linkColumns.add(part.columns, part.total);
      },
    );
    if (response.kind === 'failed') return { failure: response.failure };
    if (response.kind !== 'loaded') throw new Error(`unexpected answer to a network read: ${response.kind}`);
    markRead(source, response.read, response.unchanged);
    if (response.unchanged && held) return { data: held, unchanged: true };
    const links = new LinkTable(linkColumns.finish(), people);
    const data = networkWithLinks(
      {
        connections: Object.freeze(people) as Connection[],
        companies: Object.freeze(response.companies.map((c) => Object.freeze(c))) as NetworkData['companies'],
      },
      links,
    );
    infos.set(data, {
      links,
      dataset: response.dataset,
      indexOf,
      colleagues: response.colleagues,
      options: response.options,
      pool: response.pool,
    });
    return { data, unchanged: false };
  }

  /** The filtered network (libs/domain filterNetwork, run by the worker). */
  async view(data: NetworkData, filters: NetworkFilters): Promise<NetworkView> {
    const info = this.infoOf(data);
    const response = await this.request({ kind: 'view', dataset: info.dataset, filters });
    if (response.kind !== 'view') throw new Error(`unexpected answer to a filter: ${response.kind}`);
    const connections = pick(data.connections, response.people);
    const links = columnLinks(
      info.links,
      isEveryIndex(response.links, info.links.length) ? null : response.links,
      {
        sources: response.linkSources,
        targets: response.linkTargets,
      },
    );
    return { connections, links, degreeCounts: response.degreeCounts };
  }

  /**
   * The people of `among` (a list out of `data`) matching a search, in order, at most `limit`.
   * 'dashboard' is the top bar's search (your own node left out), 'table' the table's.
   */
  async match(
    data: NetworkData,
    among: readonly Connection[],
    search: 'dashboard' | 'table',
    query: string,
    limit = Number.MAX_SAFE_INTEGER,
  ): Promise<Connection[]> {
    const info = this.infoOf(data);
    const isAll = among === data.connections;
    let known = isAll ? null : positionsOf.get(among);
    if (!isAll && !known) {
      known = Uint32Array.from(among, (person) => info.indexOf.get(person) ?? 0);
      positionsOf.set(among, known);
    }
    // A copy: the cached list stays usable here.
    const positions = known ? known.slice() : null;
    const response = await this.request({
      kind: 'match',
      dataset: info.dataset,
      positions,
      search,
      query,
      limit,
    });
    if (response.kind !== 'match') throw new Error(`unexpected answer to a search: ${response.kind}`);
    return Array.from(response.positions, (position) => among[position]);
  }

  kill(): void {
    this.worker?.terminate();
    this.failAll(new Error('network data worker stopped'));
  }

  private infoOf(data: NetworkData): DatasetInfo {
    const info = infos.get(data);
    if (!info) throw new Error('this network was not read through the network data worker');
    return info;
  }

  private request(request: Unnumbered<DataRequest>, onPart?: Pending['onPart']): Promise<DataResponse> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onPart });
      this.post({ ...request, id } as DataRequest);
    });
  }

  private receive(response: DataResponse): void {
    const pending = this.pending.get(response.id);
    if (!pending) return;
    if (response.kind === 'people' || response.kind === 'links') return pending.onPart?.(response);
    this.pending.delete(response.id);
    if (response.kind === 'error') pending.reject(new Error(response.message));
    else pending.resolve(response);
  }

  private failAll(error: Error): void {
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
  }
}

let shared: NetworkDataClient | null = null;

/** The page's one network-data client (and worker), created on first use. */
export function networkDataClient(): NetworkDataClient {
  shared ??= new NetworkDataClient();
  return shared;
}
