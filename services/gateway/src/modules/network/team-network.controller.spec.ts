import { describe, expect, it } from '@jest/globals';
import {
  COMPACT_NETWORK_MEDIA_TYPE,
  networkTeamGraphContracts,
  type NetworkSnapshotRef,
  type RequestOf,
} from '@warmpath/contracts';
import type { BusClient } from '@warmpath/server-kit';
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { fakeReply } from './fake-reply.testing.js';
import { NetworkSnapshotService } from './network-snapshot.service.js';
import { TeamNetworkController } from './team-network.controller.js';

const KEY = 'network:team-snapshot:4:7:fp';
/** A pooled snapshot as built: the compact form stored, the JSON not yet (its ETag known already). */
const COMPACT_ONLY: NetworkSnapshotRef = {
  key: KEY,
  etag: 'W/"json"',
  version: 'fp',
  bytes: null,
  compact: { etag: 'W/"compact"', bytes: { identity: 2, br: 1, gzip: 1 } },
  connections: 1,
  relationships: 0,
};
type TeamGraphRequest = RequestOf<typeof networkTeamGraphContracts.getTeamGraph>;

const WITH_JSON: NetworkSnapshotRef = { ...COMPACT_ONLY, bytes: { identity: 2, br: 1, gzip: 1 } };

/**
 * The route over a network service that builds the JSON when asked for it (recording what it was
 * asked), and a Redis holding the snapshot's fields; `reply` records what the route answered.
 */
async function read(headers: Record<string, string>) {
  const asked: TeamGraphRequest[] = [];
  const hash: Record<string, Buffer> = { 'compact-br': Buffer.from('compact') };
  let built = false;
  const bus = {
    request: async (_contract: unknown, payload: TeamGraphRequest) => {
      asked.push(payload);
      if (payload.representation === 'json' && !built) {
        built = true;
        hash.br = Buffer.from('json');
      }
      return built ? WITH_JSON : COMPACT_ONLY;
    },
  } as unknown as BusClient;
  const redis = {
    hgetBuffer: async (key: string, field: string) => (key === KEY ? (hash[field] ?? null) : null),
  } as unknown as Redis;
  const { reply, answer } = fakeReply();
  const controller = new TeamNetworkController(bus, new NetworkSnapshotService(bus, redis));
  await controller.network(7, '4', { headers } as FastifyRequest, reply);
  return { ...answer, asked: asked.map((payload) => payload.representation) };
}

describe('GET /api/teams/{id}/network in the gateway', () => {
  it('asks the network service for the JSON before answering it', async () => {
    const sent = await read({ 'accept-encoding': 'br' });
    expect(sent.asked).toEqual(['json']);
    expect(sent.status).toBe(200);
    expect(String(sent.body)).toBe('json');
    expect(sent.headers.etag).toBe('W/"json"');
  });

  it('answers a JSON 304 without having the JSON built', async () => {
    const sent = await read({ 'accept-encoding': 'br', 'if-none-match': 'W/"json"' });
    expect(sent.status).toBe(304);
    expect(sent.asked).toEqual(['compact']);
    expect(sent.headers.etag).toBe('W/"json"');
  });

  it('asks for the JSON once a conditional read turns out to need its body', async () => {
    const sent = await read({ 'accept-encoding': 'br', 'if-none-match': 'W/"older"' });
    expect(sent.status).toBe(200);
    expect(sent.asked).toEqual(['compact', 'json']);
    expect(String(sent.body)).toBe('json');
  });

  it('never asks for the JSON for a client reading the compact form', async () => {
    const sent = await read({ accept: COMPACT_NETWORK_MEDIA_TYPE, 'accept-encoding': 'br' });
    expect(sent.asked).toEqual(['compact']);
    expect(String(sent.body)).toBe('compact');
    const revalidated = await read({ accept: COMPACT_NETWORK_MEDIA_TYPE, 'if-none-match': 'W/"compact"' });
    expect(revalidated.status).toBe(304);
    expect(revalidated.asked).toEqual(['compact']);
  });
});
