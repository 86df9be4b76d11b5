import { COMPACT_NETWORK_MEDIA_TYPE } from '@warmpath/contracts';
import { DEFAULT_FILTERS, encodeNetwork, filterNetwork } from '@warmpath/domain';
import { describe, expect, it } from 'vitest';
import { buildTestNetwork } from '../../../lib/testing/connections.testing';
import { fromLinkColumns } from './link-columns';
import { PeopleColumnReader } from './people-columns';
import { linkEndsOf, NetworkDataCore, viewLinks } from './network-data-core';
import {
  PEOPLE_PER_MESSAGE,
  type DataRequest,
  type DataResponse,
  type Unnumbered,
} from './network-data-protocol';

const URL_ = 'http://localhost/api/network';

/** The people a read's messages carry, as the page builds them. */
function peopleOf(messages: DataResponse[]) {
  const reader = new PeopleColumnReader();
  return messages.flatMap((m) => (m.kind === 'people' ? reader.read(m.columns) : []));
}
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/**
 * A core behind a scripted server; `ask` collects every message a request gets. A workspace is
 * read from its per-viewer route alone here (base + patch: network-data-split.spec.ts).
 */
function coreWith(replies: (Response | Error)[]) {
  const seen: Request[] = [];
  const core = new NetworkDataCore(
    async (input) => {
      seen.push(input as Request);
      const next = replies.shift();
      if (!next) throw new Error('no more replies');
      if (next instanceof Error) throw next;
      return next;
    },
    { splitReads: false },
  );
  let id = 0;
  const ask = async (request: Unnumbered<DataRequest>): Promise<DataResponse[]> => {
    const messages: DataResponse[] = [];
    await core.handle({ ...request, id: ++id } as DataRequest, (message) => messages.push(message));
    return messages;
  };
  return { ask, seen };
}

const load = (held: number | null = null) => ({ kind: 'load', url: URL_, held }) as const;
const last = (messages: DataResponse[]) => messages[messages.length - 1];

describe('the network-data worker core', () => {
  const network = buildTestNetwork([
    { firstName: 'Ana', company: 'Acme' },
    { firstName: 'Ben', company: 'acme ' },
    { firstName: 'Zelda', lastName: 'Quartermaine', company: 'Northwind', connectionDegree: 2 },
  ]);

  it('streams people and links, then counts colleagues and the sidebar options by company spelling', async () => {
    const { ask } = coreWith([json(200, network, { etag: 'W/"v1"' })]);
    const messages = await ask(load());
    const people = peopleOf(messages);
    const links = messages.flatMap((m) => (m.kind === 'links' ? fromLinkColumns(m.columns, people) : []));
    expect(people.map((p) => p.firstName)).toEqual(['Maya', 'Ana', 'Ben', 'Zelda']);
    expect(links).toEqual(network.relationships);
    const loaded = last(messages);
    expect(loaded).toMatchObject({ kind: 'loaded', dataset: 1, unchanged: false });
    expect([...(loaded as Extract<DataResponse, { kind: 'loaded' }>).colleagues]).toEqual([0, 1, 1, 0]);
    // The sidebar's lists: spellings of one company counted together, no industry or location data.
    const { options } = loaded as Extract<DataResponse, { kind: 'loaded' }>;
    expect(options.companies.map((c) => c.count)).toEqual([2, 1]);
    expect(options.industries).toEqual([]);
    expect(options.locations).toEqual([]);
  });

  it('asks for the compact representation and reads it as the same network as the JSON', async () => {
    const pooled = { ...network, workspace: { teamId: 4, members: [] } };
    const compact = new Response(JSON.stringify(encodeNetwork(pooled)), {
      status: 200,
      headers: { 'content-type': COMPACT_NETWORK_MEDIA_TYPE, etag: 'W/"c1"' },
    });
    const { ask, seen } = coreWith([compact]);
    const fromCompact = await ask(load());
    expect(seen[0].headers.get('accept')).toBe(`${COMPACT_NETWORK_MEDIA_TYPE}, application/json;q=0.9`);
    const fromJson = await coreWith([json(200, pooled, { etag: 'W/"j1"' })]).ask(load());
    // The same people and links; the messages differ only in how often a knownBy set is shared.
    expect(peopleOf(fromCompact)).toEqual(peopleOf(fromJson));
    expect(fromCompact.filter((m) => m.kind === 'links')).toEqual(fromJson.filter((m) => m.kind === 'links'));
    expect(last(fromCompact)).toEqual(last(fromJson));
    expect(peopleOf(fromCompact)).toEqual(network.connections);
    expect(last(fromCompact)).toMatchObject({ kind: 'loaded', pool: expect.anything() });
  });

  it('answers a compact answer it cannot decode as an error, not as a network', async () => {
    const unknown = new Response(JSON.stringify({ format: 'warmpath.network', version: 99 }), {
      status: 200,
      headers: { 'content-type': COMPACT_NETWORK_MEDIA_TYPE },
    });
    expect(await coreWith([unknown]).ask(load())).toEqual([
      {
        id: 1,
        kind: 'error',
        message: 'Unsupported network encoding warmpath.network v99 (expected warmpath.network v1)',
      },
    ]);
  });

  it('sends a network of more than one slice in several messages', async () => {
    const many = buildTestNetwork(
      Array.from({ length: PEOPLE_PER_MESSAGE + 5 }, (_, i) => ({ firstName: `P${i}` })),
    );
    const { ask } = coreWith([json(200, many)]);
    const messages = await ask(load());
    expect(
      messages.filter((m) => m.kind === 'people').map((m) => (m.kind === 'people' ? m.columns.count : 0)),
    ).toEqual([PEOPLE_PER_MESSAGE, 6]);
  });

  it('revalidates with If-None-Match: a 304 sends nothing again to a page that holds the network', async () => {
    const { ask, seen } = coreWith([
      json(200, network, { etag: 'W/"v1"' }),
      new Response(null, { status: 304 }),
    ]);
    await ask(load());
    const again = await ask(load(1));
    expect(seen[1].headers.get('if-none-match')).toBe('W/"v1"');
    expect(again).toEqual([expect.objectContaining({ kind: 'loaded', dataset: 1, unchanged: true })]);
  });

  it('on a 304 streams what it holds to a page that does not hold it (a new tab of the store)', async () => {
    const { ask } = coreWith([json(200, network, { etag: 'W/"v1"' }), new Response(null, { status: 304 })]);
    await ask(load());
    const again = await ask(load(null));
    expect(again.some((m) => m.kind === 'people')).toBe(true);
    expect(last(again)).toMatchObject({ kind: 'loaded', dataset: 1, unchanged: false });
  });

  it('does not parse a 200 carrying the ETag it already holds', async () => {
    const unparsable = new Response('not json', { status: 200, headers: { etag: 'W/"v1"' } });
    const { ask } = coreWith([json(200, network, { etag: 'W/"v1"' }), unparsable]);
    await ask(load());
    expect(last(await ask(load(1)))).toMatchObject({ kind: 'loaded', unchanged: true });
  });

  it('answers a failed read with the status and the JSON body', async () => {
    const { ask } = coreWith([json(401, { message: 'Authentication required' })]);
    expect(await ask(load())).toEqual([
      { id: 1, kind: 'failed', failure: { status: 401, data: { message: 'Authentication required' } } },
    ]);
  });

  it('answers a failed read with the text body when it is not JSON', async () => {
    const { ask } = coreWith([
      new Response('Bad gateway', { status: 502, headers: { 'content-type': 'text/plain' } }),
    ]);
    expect(last(await ask(load()))).toMatchObject({
      kind: 'failed',
      failure: { status: 502, data: 'Bad gateway' },
    });
  });

  it('answers a network failure as FETCH_ERROR with its message', async () => {
    const { ask } = coreWith([new TypeError('Failed to fetch')]);
    expect(last(await ask(load()))).toMatchObject({
      kind: 'failed',
      failure: { status: 'FETCH_ERROR', error: 'Failed to fetch' },
    });
  });

  it('filters with libs/domain rules and answers index lists and real degree counts', async () => {
    const { ask } = coreWith([json(200, network)]);
    await ask(load());
    const filters = {
      ...DEFAULT_FILTERS,
      connectionTypes: { firstDegree: true, secondDegree: false, thirdDegree: true },
    };
    const [view] = await ask({ kind: 'view', dataset: 1, filters });
    expect(view).toMatchObject({ kind: 'view', degreeCounts: { first: 2, second: 1, third: 0 } });
    const { people, links, linkSources, linkTargets } = view as Extract<DataResponse, { kind: 'view' }>;
    expect([...people]).toEqual([0, 1, 2]);
    expect([...links]).toEqual([0, 1]);
    // Each link's ends as positions in the view's people, so the page's graph looks up no id.
    const positionOf = (id: string) => [...people].findIndex((index) => network.connections[index].id === id);
    const link = (k: number) => network.relationships[links[k]];
    expect([...linkSources]).toEqual([positionOf(link(0).sourceId), positionOf(link(1).sourceId)]);
    expect([...linkTargets]).toEqual([positionOf(link(0).targetId), positionOf(link(1).targetId)]);
    expect([...linkSources, ...linkTargets].every((position) => position >= 0)).toBe(true);
  });

  it('answers -1 for a link end nobody in the network has', () => {
    const ends = linkEndsOf({
      connections: network.connections,
      relationships: [{ ...network.relationships[0], targetId: 'nobody' }],
      companies: [],
    });
    expect([...ends.sources]).toEqual([
      network.connections.findIndex((c) => c.id === network.relationships[0].sourceId),
    ]);
    expect([...ends.targets]).toEqual([-1]);
  });

  it('searches as the top bar does (your own node never suggested) and as the table does, within a list', async () => {
    const { ask } = coreWith([json(200, network)]);
    await ask(load());
    const [top] = await ask({
      kind: 'match',
      dataset: 1,
      positions: null,
      search: 'dashboard',
      query: ' ACME',
      limit: 6,
    });
    expect([...(top as Extract<DataResponse, { kind: 'match' }>).positions]).toEqual([1, 2]);
    const [limited] = await ask({
      kind: 'match',
      dataset: 1,
      positions: null,
      search: 'dashboard',
      query: 'a',
      limit: 1,
    });
    expect([...(limited as Extract<DataResponse, { kind: 'match' }>).positions]).toEqual([1]);
    const [table] = await ask({
      kind: 'match',
      dataset: 1,
      positions: Uint32Array.from([3, 0]),
      search: 'table',
      query: 'zelda quarter',
      limit: 50,
    });
    expect([...(table as Extract<DataResponse, { kind: 'match' }>).positions]).toEqual([0]);
  });

  it('refuses a question about a network it no longer holds, naming both', async () => {
    const { ask } = coreWith([
      json(200, network, { etag: 'W/"v1"' }),
      json(200, network, { etag: 'W/"v2"' }),
    ]);
    await ask(load());
    await ask(load(1));
    expect(await ask({ kind: 'view', dataset: 1, filters: DEFAULT_FILTERS })).toEqual([
      { id: 3, kind: 'error', message: 'network 1 is no longer held (now 2)' },
    ]);
  });

  describe('a workspace pooled network beside your own', () => {
    const TEAM_URL = 'http://localhost/api/teams/7/network';
    // You (1), teammates Ben (2) and Cy (3); Finn known by Ben only, Gil by all three, Hal by you and Cy.
    const pooled = buildTestNetwork([
      { id: 'u2', userId: 2, firstName: 'Ben', isTeammate: true, knownBy: [1] },
      { id: 'u3', userId: 3, firstName: 'Cy', isTeammate: true, knownBy: [1] },
      { id: '20', userId: 2, firstName: 'Finn', connectionDegree: 2, knownBy: [2] },
      { id: '21', userId: 1, firstName: 'Gil', knownBy: [1, 2, 3] },
      { id: '22', userId: 1, firstName: 'Hal', knownBy: [1, 3] },
    ]);
    const members = [
      { userId: 1, sharing: 'names', people: 2, companies: 1 },
      { userId: 2, sharing: 'names', people: 2, companies: 1 },
      { userId: 3, sharing: 'counts', people: 5, companies: 3 },
    ];
    const teamBody = { ...pooled, workspace: { teamId: 7, members } };

    it('keeps both: each revalidates with its own ETag, and questions about either are answered', async () => {
      const { ask, seen } = coreWith([
        json(200, network, { etag: 'W/"own"' }),
        json(200, teamBody, { etag: 'W/"team"' }),
        new Response(null, { status: 304 }),
        new Response(null, { status: 304 }),
      ]);
      await ask(load());
      await ask({ kind: 'load', url: TEAM_URL, held: null });
      await ask(load(1));
      await ask({ kind: 'load', url: TEAM_URL, held: 2 });
      expect(seen.map((request) => request.headers.get('if-none-match'))).toEqual([
        null,
        null,
        'W/"own"',
        'W/"team"',
      ]);
      expect(last(await ask({ kind: 'view', dataset: 1, filters: DEFAULT_FILTERS }))).toMatchObject({
        kind: 'view',
      });
    });

    it('sums up its super-connectors (known by two or more, most first) and its members reach', async () => {
      const { ask } = coreWith([json(200, teamBody)]);
      const loaded = last(await ask({ kind: 'load', url: TEAM_URL, held: null }));
      const { pool } = loaded as Extract<DataResponse, { kind: 'loaded' }>;
      expect([...(pool?.superConnectors ?? [])].map((index) => pooled.connections[index].firstName)).toEqual([
        'Gil',
        'Hal',
      ]);
      expect(pool?.members).toEqual(members);
    });

    it('filters by a collaborator: the people that member knows, their own node and you', async () => {
      const { ask } = coreWith([json(200, teamBody)]);
      await ask({ kind: 'load', url: TEAM_URL, held: null });
      const [view] = await ask({
        kind: 'view',
        dataset: 1,
        filters: { ...DEFAULT_FILTERS, filteredByUserId: 2 },
      });
      const { people } = view as Extract<DataResponse, { kind: 'view' }>;
      expect([...people].map((index) => pooled.connections[index].firstName)).toEqual([
        'Maya',
        'Ben',
        'Finn',
        'Gil',
      ]);
    });

    it('has no pool summary for your own network', async () => {
      const { ask } = coreWith([json(200, network)]);
      expect(last(await ask(load()))).toMatchObject({ kind: 'loaded', pool: null });
    });
  });

  it('keeps in a view the links filterNetwork keeps, read from their ends (ids shared, ends of nobody)', () => {
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    let kept = 0;
    for (let round = 0; round < 40; round++) {
      const companies = ['Acme', 'Globex', null];
      const data = buildTestNetwork(
        Array.from({ length: 5 + Math.floor(random() * 30) }, () => ({
          company: companies[Math.floor(random() * companies.length)],
          connectionDegree: 1 + Math.floor(random() * 3),
        })),
      );
      // Now and then two people share an id (an end then names both).
      if (round % 3 === 0) data.connections[2] = { ...data.connections[2], id: data.connections[4].id };
      const ids = [...data.connections.map((person) => person.id), 'nobody'];
      const pick = () => ids[Math.floor(random() * ids.length)];
      data.relationships = Array.from({ length: 60 }, (_, k) => ({
        ...network.relationships[0],
        id: `link-${k}`,
        sourceId: pick(),
        targetId: pick(),
      }));
      const filters = {
        ...DEFAULT_FILTERS,
        selectedCompanies: round % 2 ? ['Acme'] : [],
        connectionTypes: { firstDegree: true, secondDegree: random() < 0.5, thirdDegree: random() < 0.5 },
      };
      const filtered = filterNetwork(data, filters);
      const people = Uint32Array.from(filtered.connections, (person) => data.connections.indexOf(person));
      const expected = filtered.relationships.map((link) => data.relationships.indexOf(link));
      expect([...viewLinks(linkEndsOf(data), people, data.connections.length)]).toEqual(expected);
      kept += expected.length;
    }
    expect(kept).toBeGreaterThan(100);
  });
});
