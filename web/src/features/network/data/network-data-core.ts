import type { Connection, NetworkData, TeamNetworkData } from '@warmpath/contracts';
import {
  attributeOptions,
  companyKey,
  companyOptions,
  filterNetwork,
  matchesDashboardSearch,
  matchesTableSearch,
  type NetworkFilters,
} from '@warmpath/domain';
import {
  LINKS_PER_MESSAGE,
  PEOPLE_PER_MESSAGE,
  type DataRequest,
  type DataResponse,
  type FilterOptions,
  type LoadFailure,
  type NetworkRead,
  type PoolSummary,
} from './network-data-protocol';
import { linkColumnBuffers, toLinkColumns } from './link-columns';
import { PeopleColumnWriter, peopleColumnBuffers } from './people-columns';
import { summarisePool } from './pool-summary';
import { NETWORK_ACCEPT, readNetwork } from './read-network';
import { NETWORK_VERSION_HEADER, SplitNetworkReader, splitRoutes } from './split-network-read';

type Reply = (response: DataResponse, transfer?: Transferable[]) => void;

interface Held {
  dataset: number;
  /** Where it was read: the own network and a workspace's are held side by side. */
  url: string;
  /** The network route's ETag (its If-None-Match); null for a network assembled from a split read. */
  etag: string | null;
  /** Which network this is: the route's ETag, or the split read's parts' ETags. */
  version: string | null;
  /** The route's X-Network-Version (your own network's version, which a patch names); kept on a 304. */
  networkVersion: string | null;
  data: NetworkData;
  indexOf: Map<Connection, number>;
  colleagues: Uint32Array;
  options: FilterOptions;
  pool: PoolSummary | null;
  /** Each link's ends as indexes in `data.connections` (-1: nobody), worked out at the send. */
  linkEnds: LinkEnds | null;
}

/** The own network and one workspace's: moving between the dashboard and a workspace revalidates both. */
const MAX_HELD = 2;

/**
 * Marks on the worker's timeline where a network read is at (bench:workspace prints them, see
 * docs/performance.md#where-the-first-picture-goes): held (indexes, filter options and the pool's
 * summary built) and sent (every message of it posted to the page).
 */
export const DATA_HELD_MARK = 'warmpath:data-held';
export const DATA_SENT_MARK = 'warmpath:data-sent';

function mark(name: string): void {
  try {
    performance.mark(name);
  } catch {
    // A timeline without User Timing (some test environments): nothing to record.
  }
}

/** For each person, how many others share their company (the hover card's numbers); 0 for your own node. */
export function colleagueCounts(connections: readonly Connection[]): Uint32Array {
  const keys = new Map<string, string | null>();
  const keyOf = (name: string | null) => {
    if (!name) return null;
    if (!keys.has(name)) keys.set(name, companyKey(name));
    return keys.get(name) ?? null;
  };
  const counts = new Map<string, number>();
  for (const person of connections) {
    const key = person.isUser ? null : keyOf(person.company);
    if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const colleagues = new Uint32Array(connections.length);
  connections.forEach((person, index) => {
    const key = person.isUser ? null : keyOf(person.company);
    colleagues[index] = key ? Math.max(0, (counts.get(key) ?? 1) - 1) : 0;
  });
  return colleagues;
}

async function failureOf(response: Response): Promise<LoadFailure> {
  const isJson = response.headers.get('content-type')?.includes('json') ?? false;
  try {
    return { status: response.status, data: isJson ? await response.json() : await response.text() };
  } catch {
    return { status: response.status, data: response.statusText };
  }
}

/**
 * The network as the dashboard's data worker holds it (docs/product.md#dashboard): it reads GET
 * /api/network, or a workspace's as its base + your patch + your own network (assembled here,
 * docs/workspace-network.md#in-the-browser) else from its per-viewer route (revalidating with
 * If-None-Match, so an unchanged network costs 304s and no parsing), in the compact
 * representation where the server has it, decodes it off the
 * page's thread, hands the people and links to the page in slices, and answers the O(n) questions
 * (filters, searches) with index lists. The rules are libs/domain's. Runs in a Worker in the browser, and on the page's thread where there is no Worker (jsdom tests).
 */
export class NetworkDataCore {
  private readonly held = new Map<string, Held>();
  private nextDataset = 1;
  private readonly split: SplitNetworkReader | null;

  /** `splitReads: false` reads a workspace from its per-viewer route alone (that route's specs). */
  constructor(
    private readonly fetchFn: typeof fetch = (input, init) => fetch(input, init),
    { splitReads = true }: { splitReads?: boolean } = {},
  ) {
    this.split = splitReads ? new SplitNetworkReader(fetchFn) : null;
  }

  async handle(request: DataRequest, reply: Reply): Promise<void> {
    try {
      if (request.kind === 'load') await this.load(request.id, request.url, request.held, reply);
      else if (request.kind === 'view') this.view(request.id, request.dataset, request.filters, reply);
      else this.match(request, reply);
    } catch (error) {
      reply({
        id: request.id,
        kind: 'error',
        message: error instanceof Error ? error.message : String(error),
      });
    }
  }

  private async load(id: number, url: string, heldByPage: number | null, reply: Reply): Promise<void> {
    const held = this.held.get(url);
    const read: NetworkRead = { path: 'route', attempts: 0, applyMs: null, fallback: null };
    const routes = this.split ? splitRoutes(url) : null;
    if (this.split && routes) {
      const own = this.held.get(routes.own);
      const ownHeld =
        own?.etag && own.networkVersion
          ? { etag: own.etag, version: own.networkVersion, connections: own.data.connections }
          : undefined;
      const split = await this.split.read(url, held?.version ?? null, ownHeld);
      read.attempts = split.attempts;
      if (split.kind === 'assembled') {
        const next = this.hold(url, split.network, null, split.version);
        mark(DATA_HELD_MARK);
        this.send(id, next, false, reply, { ...read, path: 'split', applyMs: split.applyMs });
        return mark(DATA_SENT_MARK);
      }
      // Unchanged parts are the network held (its version is theirs).
      if (split.kind === 'unchanged' && held)
        return this.send(id, held, heldByPage === held.dataset, reply, { ...read, path: 'split' });
      read.fallback = split.kind === 'fallback' ? split.reason : 'no network held';
    }
    await this.loadRoute(id, url, heldByPage, reply, read);
  }

  /** The network route's own answer: your network, or a workspace's pooled for you alone (the fallback). */
  private async loadRoute(
    id: number,
    url: string,
    heldByPage: number | null,
    reply: Reply,
    read: NetworkRead,
  ): Promise<void> {
    const headers = new Headers({ accept: NETWORK_ACCEPT });
    const held = this.held.get(url);
    if (held?.etag) headers.set('if-none-match', held.etag);
    let response: Response;
    try {
      // A Request object: the tests' fake server routes on it.
      response = await this.fetchFn(new Request(url, { headers, credentials: 'include' }));
    } catch (error) {
      reply({
        id,
        kind: 'failed',
        failure: { status: 'FETCH_ERROR', error: error instanceof Error ? error.message : String(error) },
      });
      return;
    }
    if (response.status === 304 && held?.etag)
      return this.send(id, held, heldByPage === held.dataset, reply, read);
    if (!response.ok) return reply({ id, kind: 'failed', failure: await failureOf(response) });
    const etag = response.headers.get('etag');
    // The same ETag is the same network (a cache that answered 200 for us): nothing to parse.
    if (held && etag && etag === held.etag)
      return this.send(id, held, heldByPage === held.dataset, reply, read);
    const networkVersion = response.headers.get(NETWORK_VERSION_HEADER);
    const next = this.hold(url, await readNetwork(response), etag, etag, networkVersion);
    mark(DATA_HELD_MARK);
    this.send(id, next, false, reply, read);
    mark(DATA_SENT_MARK);
  }

  /** Holds a network read from `url` (the one it replaces gone), with what the views need of it. */
  private hold(
    url: string,
    body: Partial<TeamNetworkData>,
    etag: string | null,
    version: string | null,
    networkVersion: string | null = null,
  ): Held {
    const data: NetworkData = {
      connections: body.connections ?? [],
      relationships: body.relationships ?? [],
      companies: body.companies ?? [],
    };
    const next: Held = {
      dataset: this.nextDataset++,
      url,
      etag,
      version,
      networkVersion,
      data,
      indexOf: new Map(data.connections.map((person, index) => [person, index])),
      colleagues: colleagueCounts(data.connections),
      options: {
        companies: companyOptions(data.connections),
        industries: attributeOptions(data.connections, 'industry'),
        locations: attributeOptions(data.connections, 'location'),
      },
      pool: body.workspace ? summarisePool(data.connections, body.workspace.members) : null,
      linkEnds: null,
    };
    this.held.delete(url);
    this.held.set(url, next);
    if (this.held.size > MAX_HELD) this.held.delete(this.held.keys().next().value ?? url);
    return next;
  }

  private send(id: number, held: Held, unchanged: boolean, reply: Reply, read: NetworkRead): void {
    const { connections, relationships, companies } = held.data;
    if (!unchanged) {
      const writer = new PeopleColumnWriter();
      for (let i = 0; i < connections.length; i += PEOPLE_PER_MESSAGE) {
        const columns = writer.write(connections, i, i + PEOPLE_PER_MESSAGE);
        reply({ id, kind: 'people', columns }, peopleColumnBuffers(columns));
      }
      const indexById = indexesById(connections);
      const indexOfId = (personId: string) => indexById.get(personId);
      // The links' ends by index, kept for the views (they are the columns' ends, before transfer).
      const ends: LinkEnds = {
        sources: new Int32Array(relationships.length),
        targets: new Int32Array(relationships.length),
        canonical: canonicalIndexes(connections, indexById),
      };
      for (let i = 0; i < relationships.length; i += LINKS_PER_MESSAGE) {
        const columns = toLinkColumns(relationships, i, i + LINKS_PER_MESSAGE, indexOfId);
        ends.sources.set(
          columns.sources.map((end) => Math.max(-1, end)),
          i,
        );
        ends.targets.set(
          columns.targets.map((end) => Math.max(-1, end)),
          i,
        );
        reply({ id, kind: 'links', columns, total: relationships.length }, linkColumnBuffers(columns));
      }
      held.linkEnds ??= ends;
    }
    const colleagues = held.colleagues.slice();
    const { dataset, options, pool } = held;
    reply({ id, kind: 'loaded', dataset, unchanged, companies, colleagues, options, pool, read }, [
      colleagues.buffer,
    ]);
  }

  private current(dataset: number): Held {
    for (const held of this.held.values()) if (held.dataset === dataset) return held;
    const now = [...this.held.values()].map((held) => held.dataset).join(', ') || 'none';
    throw new Error(`network ${dataset} is no longer held (now ${now})`);
  }

  private view(id: number, dataset: number, filters: NetworkFilters, reply: Reply): void {
    const held = this.current(dataset);
    // The people by the filters, the links by their ends (viewLinks): no link object is looked up.
    const filtered = filterNetwork({ connections: held.data.connections, relationships: [] }, filters);
    const people = Uint32Array.from(filtered.connections, (person) => held.indexOf.get(person) ?? 0);
    held.linkEnds ??= linkEndsOf(held.data);
    const links = viewLinks(held.linkEnds, people, held.data.connections.length);
    const [linkSources, linkTargets] = viewLinkEnds(held, people, links);
    reply(
      { id, kind: 'view', people, links, linkSources, linkTargets, degreeCounts: filtered.degreeCounts },
      [people.buffer, links.buffer, linkSources.buffer, linkTargets.buffer],
    );
  }

  private match(request: Extract<DataRequest, { kind: 'match' }>, reply: Reply): void {
    const { connections } = this.current(request.dataset).data;
    const query = request.query.trim().toLowerCase();
    const matches = request.search === 'table' ? matchesTableSearch : matchesDashboardSearch;
    const found: number[] = [];
    const count = request.positions ? request.positions.length : connections.length;
    for (let position = 0; position < count && found.length < request.limit; position++) {
      const person = connections[request.positions ? request.positions[position] : position];
      // The dashboard search never suggests your own node; the table lists (and marks) it.
      if (request.search === 'dashboard' && person.isUser) continue;
      if (!query || matches(person, query)) found.push(position);
    }
    const positions = Uint32Array.from(found);
    reply({ id: request.id, kind: 'match', positions }, [positions.buffer]);
  }
}

/**
 * Each link's ends as indexes in the network's people (-1: an id nobody has), and `canonical`:
 * for each person, the index their id names in `sources`/`targets` (the last person with it), or
 * null when every id is one person's.
 */
export interface LinkEnds {
  sources: Int32Array;
  targets: Int32Array;
  canonical: Int32Array | null;
}

function indexesById(connections: readonly Connection[]): Map<string, number> {
  const indexById = new Map<string, number>();
  connections.forEach((person, index) => indexById.set(person.id, index));
  return indexById;
}

function canonicalIndexes(
  connections: readonly Connection[],
  indexById: ReadonlyMap<string, number>,
): Int32Array | null {
  if (indexById.size === connections.length) return null;
  return Int32Array.from(connections, (person) => indexById.get(person.id) ?? -1);
}

/** Each link's ends as indexes in the network's people (-1 for an id nobody has), in O(people + links). */
export function linkEndsOf(data: NetworkData): LinkEnds {
  const indexById = indexesById(data.connections);
  const sources = new Int32Array(data.relationships.length);
  const targets = new Int32Array(data.relationships.length);
  data.relationships.forEach((link, k) => {
    sources[k] = indexById.get(link.sourceId) ?? -1;
    targets[k] = indexById.get(link.targetId) ?? -1;
  });
  return { sources, targets, canonical: canonicalIndexes(data.connections, indexById) };
}

/**
 * The links of a view, in the network's order: those whose two ends are people of the view,
 * as filterNetwork keeps them (an end is the id of someone shown), read from the ends' indexes.
 */
export function viewLinks(ends: LinkEnds, people: Uint32Array, peopleCount: number): Uint32Array {
  const shown = new Uint8Array(peopleCount);
  const { canonical } = ends;
  for (const index of people) shown[canonical ? canonical[index] : index] = 1;
  const { sources, targets } = ends;
  const links = new Uint32Array(sources.length);
  let count = 0;
  for (let k = 0; k < sources.length; k++) {
    const source = sources[k];
    const target = targets[k];
    if (source >= 0 && target >= 0 && shown[source] === 1 && shown[target] === 1) links[count++] = k;
  }
  return links.slice(0, count);
}

/**
 * Where the links of a view end, as positions in the view's people (-1: outside it), so the
 * page's graph build needs no lookup by id (hundreds of thousands of links at team scale).
 */
function viewLinkEnds(held: Held, people: Uint32Array, links: Uint32Array): [Int32Array, Int32Array] {
  held.linkEnds ??= linkEndsOf(held.data);
  const { sources, targets } = held.linkEnds;
  const positionOf = new Int32Array(held.data.connections.length).fill(-1);
  people.forEach((index, position) => (positionOf[index] = position));
  const at = (index: number): number => (index < 0 ? -1 : positionOf[index]);
  const linkSources = new Int32Array(links.length);
  const linkTargets = new Int32Array(links.length);
  links.forEach((link, k) => {
    linkSources[k] = at(sources[link]);
    linkTargets[k] = at(targets[link]);
  });
  return [linkSources, linkTargets];
}
