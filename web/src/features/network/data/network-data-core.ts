import {
  COMPACT_NETWORK_MEDIA_TYPE,
  type Connection,
  type NetworkData,
  type Relationship,
  type TeamNetworkData,
} from '@warmpath/contracts';
import {
  attributeOptions,
  companyKey,
  companyOptions,
  decodeNetwork,
  filterNetwork,
  matchesDashboardSearch,
  matchesTableSearch,
  type CompactNetwork,
  type NetworkFilters,
} from '@warmpath/domain';
import {
  LINKS_PER_MESSAGE,
  PEOPLE_PER_MESSAGE,
  type DataRequest,
  type DataResponse,
  type FilterOptions,
  type LoadFailure,
  type PoolSummary,
} from './network-data-protocol';
import { linkColumnBuffers, toLinkColumns } from './link-columns';
import { summarisePool } from './pool-summary';

type Reply = (response: DataResponse, transfer?: Transferable[]) => void;

interface Held {
  dataset: number;
  /** Where it was read: the own network and a workspace's are held side by side. */
  url: string;
  etag: string | null;
  data: NetworkData;
  indexOf: Map<Connection, number>;
  linkIndexOf: Map<Relationship, number>;
  colleagues: Uint32Array;
  options: FilterOptions;
  pool: PoolSummary | null;
  /** Each link's ends as indexes in `data.connections` (-1: nobody), worked out at the first view. */
  linkEnds: { sources: Int32Array; targets: Int32Array } | null;
}

/** The own network and one workspace's: moving between the dashboard and a workspace revalidates both. */
const MAX_HELD = 2;

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

/**
 * Asked of both network routes: the compact columns (a few times fewer bytes to parse than the
 * spec's JSON, company links derived here instead of sent), else JSON, which every server has.
 */
export const NETWORK_ACCEPT = `${COMPACT_NETWORK_MEDIA_TYPE}, application/json;q=0.9`;

/** The answer's network, whichever representation the server chose (its Content-Type says). */
async function readNetwork(response: Response): Promise<Partial<TeamNetworkData>> {
  const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  const body: unknown = await response.json();
  return type === COMPACT_NETWORK_MEDIA_TYPE
    ? decodeNetwork(body as CompactNetwork)
    : (body as Partial<TeamNetworkData>);
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
 * The network as the dashboard's data worker holds it (issue 8): it reads GET /api/network or a
 * workspace's (revalidating with If-None-Match, so an unchanged network costs a 304 and no
 * parsing), in the compact representation where the server has it, decodes it off the page's
 * thread, hands the people and links to the page in slices, and answers the O(n) questions
 * (filters, searches) with index lists. The rules are libs/domain's. Runs in a Worker in the browser, and on the page's thread where there is no Worker (jsdom tests).
 */
export class NetworkDataCore {
  private readonly held = new Map<string, Held>();
  private nextDataset = 1;

  constructor(private readonly fetchFn: typeof fetch = (input, init) => fetch(input, init)) {}

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
    if (response.status === 304 && held) return this.send(id, held, heldByPage === held.dataset, reply);
    if (!response.ok) return reply({ id, kind: 'failed', failure: await failureOf(response) });
    const etag = response.headers.get('etag');
    // The same ETag is the same network (a cache that answered 200 for us): nothing to parse.
    if (held && etag && etag === held.etag) return this.send(id, held, heldByPage === held.dataset, reply);
    const body = await readNetwork(response);
    const data: NetworkData = {
      connections: body.connections ?? [],
      relationships: body.relationships ?? [],
      companies: body.companies ?? [],
    };
    const next: Held = {
      dataset: this.nextDataset++,
      url,
      etag,
      data,
      indexOf: new Map(data.connections.map((person, index) => [person, index])),
      linkIndexOf: new Map(data.relationships.map((link, index) => [link, index])),
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
    this.send(id, next, false, reply);
  }

  private send(id: number, held: Held, unchanged: boolean, reply: Reply): void {
    const { connections, relationships, companies } = held.data;
    if (!unchanged) {
      for (let i = 0; i < connections.length; i += PEOPLE_PER_MESSAGE)
        reply({ id, kind: 'people', people: connections.slice(i, i + PEOPLE_PER_MESSAGE) });
      const indexById = new Map<string, number>();
      connections.forEach((person, index) => indexById.set(person.id, index));
      const indexOfId = (personId: string) => indexById.get(personId);
      // The links' ends by index, kept for the views (they are the columns' ends, before transfer).
      const ends = {
        sources: new Int32Array(relationships.length),
        targets: new Int32Array(relationships.length),
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
        reply({ id, kind: 'links', columns }, linkColumnBuffers(columns));
      }
      held.linkEnds ??= ends;
    }
    const colleagues = held.colleagues.slice();
    const { dataset, options, pool } = held;
    reply({ id, kind: 'loaded', dataset, unchanged, companies, colleagues, options, pool }, [
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
    const filtered = filterNetwork(held.data, filters);
    const people = Uint32Array.from(filtered.connections, (person) => held.indexOf.get(person) ?? 0);
    const links = Uint32Array.from(filtered.relationships, (link) => held.linkIndexOf.get(link) ?? 0);
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

/** Each link's ends as indexes in the network's people (-1 for an id nobody has), in O(people + links). */
export function linkEndsOf(data: NetworkData): { sources: Int32Array; targets: Int32Array } {
  const indexById = new Map<string, number>();
  data.connections.forEach((person, index) => indexById.set(person.id, index));
  const sources = new Int32Array(data.relationships.length);
  const targets = new Int32Array(data.relationships.length);
  data.relationships.forEach((link, k) => {
    sources[k] = indexById.get(link.sourceId) ?? -1;
    targets[k] = indexById.get(link.targetId) ?? -1;
  });
  return { sources, targets };
}

/**
 * Where the links of a view end, as positions in the view's people (-1: outside it), so the
 * page's graph build needs no lookup by id (issue 14: 400,000 links at 100,000 people).
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
