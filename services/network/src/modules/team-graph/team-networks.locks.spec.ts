import { afterAll, describe, expect, it } from '@jest/globals';
import { metricsRegistry } from '@warmpath/server-kit';
import { unreachableRedis } from '@warmpath/testing';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { buildConnectionRow, FakeNetworkRepository } from '../graph/network-rows.testing.js';
import { buildLockKey, BuildLocks } from './build-lock.js';
import { workspaceFingerprint } from './team-networks.service.js';
import { teamNetworksOver } from './team-networks.testing.js';

// TeamNetworks with the replicas' build lock (docs/workspace-network.md#one-build-at-a-time-across-replicas):
// the lock is released whatever the build does, and Redis down builds as a single replica did.
// Two whole replicas on the real stack: test/integration/team-replicas.integration-spec.ts.

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `warmpath-test-team-locks-${randomBytes(4).toString('hex')}:`;
const redis = new Redis(REDIS_URL, { keyPrefix: prefix });

afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys.map((k) => k.slice(prefix.length)));
  redis.disconnect();
});

class Repository extends FakeNetworkRepository {
  failing = false;
  async findVersions(ids: readonly number[]): Promise<Map<number, string>> {
    return new Map(ids.map((id) => [id, this.networks.get(id)?.version ?? '0'] as const));
  }
  override async findNetwork(userId: number) {
    if (this.failing) throw new Error('the database is gone');
    return super.findNetwork(userId);
  }
}

const TEAM = 3;
function setup(locks: BuildLocks) {
  const repository = new Repository();
  repository.networks.set(1, {
    version: '1',
    connections: [buildConnectionRow({ id: '1', owner_user_id: 1, first_name: 'Ana', company: 'Acme' })],
  });
  repository.networks.set(2, {
    version: '4',
    connections: [buildConnectionRow({ id: '2', owner_user_id: 2, first_name: 'Ben', company: 'Acme' })],
  });
  return { repository, teams: teamNetworksOver(repository, TEAM, [1, 2], locks) };
}

const builds = async (lock: string): Promise<number> => {
  const metric = await metricsRegistry.getSingleMetric('warmpath_workspace_pool_builds_total')?.get();
  return metric?.values.find((value) => value.labels.lock === lock)?.value ?? 0;
};

describe('TeamNetworks with the build lock', () => {
  it('builds under the lock and releases it', async () => {
    const { teams } = setup(new BuildLocks(redis, { TEAM_POOL_LOCK_MS: 5000 }));
    const before = await builds('held');
    const state = await teams.state(1, TEAM);
    const network = await teams.pooled(state);
    expect(network.pooled.people.map((person) => person.firstName).sort()).toEqual(['Ana', 'Ben']);
    expect((await builds('held')) - before).toBe(1);
    expect(await redis.exists(buildLockKey(`${TEAM}:${workspaceFingerprint(state)}`))).toBe(0);
  });

  it('releases the lock when the build fails, so no replica waits for it', async () => {
    const { teams, repository } = setup(new BuildLocks(redis, { TEAM_POOL_LOCK_MS: 5000 }));
    repository.failing = true;
    const state = await teams.state(1, TEAM);
    await expect(teams.pooled(state)).rejects.toThrow('the database is gone');
    expect(await redis.exists(buildLockKey(`${TEAM}:${workspaceFingerprint(state)}`))).toBe(0);
  });

  describe('Redis down', () => {
    const down = unreachableRedis();
    afterAll(() => down.disconnect());

    it('builds without the lock, the same network', async () => {
      const before = await builds('none');
      const { teams } = setup(new BuildLocks(down, { TEAM_POOL_LOCK_MS: 5000 }));
      const network = await teams.pooled(await teams.state(2, TEAM));
      const { teams: alone } = setup(new BuildLocks(redis, { TEAM_POOL_LOCK_MS: 0 }));
      const reference = await alone.pooled(await alone.state(2, TEAM));
      expect(JSON.stringify(network.pooled)).toBe(JSON.stringify(reference.pooled));
      expect((await builds('none')) - before).toBe(2);
    });
  });
});
