import type { Connection, NetworkData } from '@warmpath/contracts';
import { DEFAULT_FILTERS, filterNetwork } from '@warmpath/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubServer } from '../../../lib/testing/app.testing';
import { fromLinkColumns } from './link-columns';
import {
  carryDataset,
  datasetInfo,
  NETWORK_READ_MARK,
  NetworkDataClient,
  pick,
  withConnections,
} from './network-data-client';
import { NetworkDataCore } from './network-data-core';
import type { DataResponse } from './network-data-protocol';
import { PeopleColumnReader } from './people-columns';
import { answer, compact, ownAnswer, served, smallWorkspace } from './split-network.testing';

describe('a view answered by the data worker, as the page picks it out of the network', () => {
  const people = Object.freeze(['ana', 'ben', 'cleo', 'dan']);

  it('is the network itself when the filters kept everyone, in order', () => {
    expect(pick(people, Uint32Array.from([0, 1, 2, 3]))).toBe(people);
  });

  it('is a list of the kept people, in the answer order, otherwise', () => {
    expect(pick(people, Uint32Array.from([0, 2]))).toEqual(['ana', 'cleo']);
    const reordered = pick(people, Uint32Array.from([1, 0, 2, 3]));
    expect(reordered).not.toBe(people);
    expect(reordered).toEqual(['ben', 'ana', 'cleo', 'dan']);
    expect(pick(people, new Uint32Array(0))).toEqual([]);
  });
});

describe('a network read through the client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('marks on the page how it was read, for bench:workspace', async () => {
    const parts = served(smallWorkspace(), 1);
    stubServer({
      'GET /api/teams/7/network/base': (request) => compact(request, '"b1"', parts.base),
      'GET /api/teams/7/network/patch': (request) =>
        answer(request, '"p1"', { base: '"b1"', own: '1', patch: parts.patch }),
      'GET /api/network': (request) => ownAnswer(request, '"o1"', parts.own, '1'),
    });
    const result = await new NetworkDataClient().load(undefined, { kind: 'team', teamId: 7 });
    expect('data' in result && result.data.connections[0]).toMatchObject({ id: 'u1', isUser: true });
    const marks = performance.getEntriesByName(NETWORK_READ_MARK) as PerformanceMark[];
    expect(marks[marks.length - 1].detail).toMatchObject({
      kind: 'team',
      teamId: 7,
      path: 'split',
      attempts: 1,
      fallback: null,
      unchanged: false,
    });
  });
});

describe('links held as columns on the page', () => {
  afterEach(() => vi.unstubAllGlobals());

  const parts = served(smallWorkspace(), 1);
  const routes = {
    'GET /api/teams/7/network/base': (request: Request) => compact(request, '"b1"', parts.base),
    'GET /api/teams/7/network/patch': (request: Request) =>
      answer(request, '"p1"', { base: '"b1"', own: '1', patch: parts.patch }),
    'GET /api/network': (request: Request) => ownAnswer(request, '"o1"', parts.own, '1'),
  };

  /** The links as the page made them before: every message's columns back as objects. */
  async function linksAsObjects(): Promise<{ people: Connection[]; links: NetworkData['relationships'] }> {
    const messages: DataResponse[] = [];
    const url = 'http://localhost/api/teams/7/network';
    await new NetworkDataCore().handle({ id: 1, kind: 'load', url, held: null }, (m) => messages.push(m));
    const reader = new PeopleColumnReader();
    const people = messages.flatMap((m) => (m.kind === 'people' ? reader.read(m.columns) : []));
    const links = messages.flatMap((m) => (m.kind === 'links' ? fromLinkColumns(m.columns, people) : []));
    return { people, links };
  }

  async function load(): Promise<{ client: NetworkDataClient; data: NetworkData }> {
    stubServer(routes);
    const client = new NetworkDataClient();
    const result = await client.load(undefined, { kind: 'team', teamId: 7 });
    if (!('data' in result)) throw new Error('the read failed');
    return { client, data: result.data };
  }

  it('give the same relationships as the link objects did, made when first read', async () => {
    const { data } = await load();
    const before = await linksAsObjects();
    expect(before.links.length).toBeGreaterThan(10);
    expect(datasetInfo(data)?.links.length).toBe(before.links.length);
    expect(data.relationships).toEqual(before.links);
    expect(data.relationships).toBe(data.relationships);
    expect(Object.isFrozen(data)).toBe(true);
    expect(Object.isFrozen(data.relationships)).toBe(true);
    expect(data.relationships[0].sourceId).toBe(data.connections[0].id);
  });

  it('answer a view with its links as columns, equal to filtering the objects', async () => {
    const { client, data } = await load();
    const everyone = await client.view(data, DEFAULT_FILTERS);
    expect(everyone.links.columns?.indexes).toBeNull();
    expect(everyone.links.toArray()).toBe(data.relationships);
    const connectionTypes = { ...DEFAULT_FILTERS.connectionTypes, secondDegree: false, thirdDegree: false };
    const filters = { ...DEFAULT_FILTERS, connectionTypes };
    const some = await client.view(data, filters);
    const expected = filterNetwork(data, filters);
    expect(some.links.length).toBeLessThan(data.relationships.length);
    expect(some.links.toArray()).toEqual(expected.relationships);
    expect(some.connections).toEqual(expected.connections);
    // Each link's ends among the view's people, as the graph takes them.
    const ends = some.links.columns?.ends;
    some.links.toArray().forEach((link, k) => {
      expect(some.connections[ends?.sources[k] ?? -1]?.id).toBe(link.sourceId);
      expect(some.connections[ends?.targets[k] ?? -1]?.id).toBe(link.targetId);
    });
  });

  it('stay columns through a saved note, the links unchanged', async () => {
    const { data } = await load();
    const connections = data.connections.slice();
    connections[1] = { ...connections[1], notes: 'met at a fair' };
    const next = withConnections(data, connections);
    carryDataset(data, next, { before: data.connections[1], after: connections[1] });
    expect(next.connections).toBe(connections);
    expect(next.companies).toBe(data.companies);
    expect(datasetInfo(next)?.links).toBe(datasetInfo(data)?.links);
    expect(next.relationships).toBe(data.relationships);
    const plain: NetworkData = { connections: [], relationships: [], companies: [] };
    expect(withConnections(plain, connections)).toEqual({ ...plain, connections });
  });
});
