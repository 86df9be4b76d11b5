import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../lib/store/store';
import { networkApi, refreshNetwork } from './network.api';
import { stubServer } from '../../lib/testing/app.testing';
import { buildTestNetwork } from '../../lib/testing/connections.testing';

const network = buildTestNetwork([{ firstName: 'Ana' }]);
const reply = (body: string, etag: string) =>
  new Response(body, { status: 200, headers: { 'content-type': 'application/json', etag } });

afterEach(() => vi.unstubAllGlobals());

describe('GET /api/network in the cache', () => {
  it('keeps the held network, unparsed, when the ETag has not changed', async () => {
    const bodies = [JSON.stringify(network), 'not json: never parsed'];
    stubServer({ 'GET /api/network': () => reply(bodies.shift() as string, 'W/"v1"') });
    const store = createStore();
    const first = await store.dispatch(networkApi.endpoints.getNetwork.initiate()).unwrap();
    expect(first.connections).toHaveLength(2);
    const again = await store
      .dispatch(networkApi.endpoints.getNetwork.initiate(undefined, { forceRefetch: true }))
      .unwrap();
    expect(again).toBe(first);
  });

  it('reads a changed network, and counts the import result without your own node', async () => {
    const bigger = buildTestNetwork([{ firstName: 'Ana' }, { firstName: 'Ben' }]);
    const replies = [reply(JSON.stringify(network), 'W/"v1"'), reply(JSON.stringify(bigger), 'W/"v2"')];
    stubServer({ 'GET /api/network': () => replies.shift() as Response });
    const store = createStore();
    await store.dispatch(networkApi.endpoints.getNetwork.initiate()).unwrap();
    expect(await refreshNetwork(store.dispatch)).toEqual({ connections: 2, relationships: 2 });
  });
});
