import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubServer } from '../../../lib/testing/app.testing';
import { NETWORK_READ_MARK, NetworkDataClient, pick } from './network-data-client';
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
