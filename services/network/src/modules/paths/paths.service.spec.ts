import { describe, expect, it } from '@jest/globals';
import { ServiceError, type BusClient } from '@warmpath/server-kit';
import { NetworkReader } from '../graph/network-reader.service.js';
import type { NetworkRepository } from '../graph/network.repository.js';
import { buildConnectionRow, FakeNetworkRepository } from '../graph/network-rows.testing.js';
import type { OwnProfileClient } from '../graph/own-profile.client.js';
import type { IntroFeedbackRepository } from '../intro-feedback/intro-feedback.repository.js';
import { TeamNetworks } from '../team-graph/team-networks.service.js';
import { PathsService } from './paths.service.js';

const PROFILE = {
  id: 7,
  firstName: 'Maya',
  lastName: 'Chen',
  email: 'm@x.org',
  avatarUrl: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

// You have known Ana 11 years; Carla (same team as Ana at Acme) you met this year; Dan sits alone.
function setup() {
  const repository = new FakeNetworkRepository();
  const thisYear = new Date().getUTCFullYear();
  repository.networks.set(7, {
    version: '2',
    connections: [
      buildConnectionRow({
        id: '1',
        first_name: 'Ana',
        last_name: 'Silva',
        company: 'Acme',
        position: 'Software Engineer',
        category: 'engineering',
        connected_on: `${thisYear - 11}-01-01`,
      }),
      buildConnectionRow({
        id: '2',
        first_name: 'Carla',
        last_name: 'Ruiz',
        company: 'Acme',
        position: 'Software Engineer',
        category: 'engineering',
      }),
      buildConnectionRow({ id: '3', first_name: 'Dan', last_name: 'Lee' }),
    ],
  });
  const profiles = { get: async () => PROFILE } as unknown as OwnProfileClient;
  const repo = repository as unknown as NetworkRepository;
  const reader = new NetworkReader(repo);
  // Workspace paths ask the teams service over NATS: test/integration/team-graph.integration-spec.ts.
  const teams = new TeamNetworks({} as BusClient, repo, reader, profiles);
  // Personal paths read no intro feedback (a workspace's): test/integration/intro-feedback.integration-spec.ts.
  return new PathsService(reader, profiles, teams, {} as IntroFeedbackRepository);
}

describe('PathsService', () => {
  it('answers the warmest path with full nodes, the links travelled and the facts of each hop', async () => {
    const path = await setup().find(7, { to: '2' });
    expect(path).toMatchObject({ found: true, fromId: 'u7', toId: '2', version: '2' });
    expect(path.nodes.map((n) => [n.id, n.firstName])).toEqual([
      ['u7', 'Maya'],
      ['1', 'Ana'],
      ['2', 'Carla'],
    ]);
    expect(path.links.map((l) => [l.id, l.type])).toEqual([
      ['u7-1', 'connection'],
      ['1-2', 'company-role'],
    ]);
    expect(path.hops).toEqual([
      expect.objectContaining({
        kind: 'knows',
        linkId: 'u7-1',
        yearsConnected: 11,
        explanation: 'You know Ana Silva (11 years)',
      }),
      expect.objectContaining({ kind: 'company', linkId: '1-2', sharedCompany: 'Acme', sameFunction: true }),
    ]);
    expect(path.warmth).toBeCloseTo(0.72, 5);
  });

  it('answers the same path again from its per-version cache', async () => {
    const service = setup();
    expect(await service.find(7, { to: '3' })).toEqual(await service.find(7, { to: '3' }));
  });

  it('is NOT_FOUND for someone outside the network', async () => {
    await expect(setup().find(7, { to: '99' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Connection not found',
    });
    await expect(setup().find(8, { to: '1' })).rejects.toBeInstanceOf(ServiceError);
  });
});
