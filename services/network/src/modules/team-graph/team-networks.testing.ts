import type { BusClient } from '@warmpath/server-kit';
import { NetworkReader } from '../graph/network-reader.service.js';
import type { NetworkRepository } from '../graph/network.repository.js';
import type { FakeNetworkRepository } from '../graph/network-rows.testing.js';
import type { OwnProfileClient } from '../graph/own-profile.client.js';
import type { BuildLocks } from './build-lock.js';
import { TeamNetworks } from './team-networks.service.js';

/**
 * TeamNetworks of workspace `teamId` whose members (`userIds`, all sharing names) keep their
 * networks in `repository`: the teams and auth services are answered in memory.
 */
export function teamNetworksOver(
  repository: FakeNetworkRepository,
  teamId: number,
  userIds: readonly number[],
  locks: BuildLocks,
  reader = new NetworkReader(repository as unknown as NetworkRepository),
): TeamNetworks {
  const members = userIds.map((userId) => ({
    userId,
    role: 'member',
    joinedAt: '2026-11-01',
    sharing: 'names',
  }));
  const bus = { request: async () => ({ teamId, members }) } as unknown as BusClient;
  return new TeamNetworks(bus, repository as unknown as NetworkRepository, reader, membersProfiles(), locks);
}

/** The auth service's profiles in memory: member `id` is "M{id} Test", m{id}@x.org. */
export function membersProfiles(): OwnProfileClient {
  const get = async (id: number) => ({
    id,
    firstName: `M${id}`,
    lastName: 'Test',
    email: `m${id}@x.org`,
    avatarUrl: null,
    createdAt: '2026-01-01T00:00:00.000Z',
  });
  return { get, getMany: (ids: number[]) => Promise.all(ids.map(get)) } as unknown as OwnProfileClient;
}
