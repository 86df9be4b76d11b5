import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { SharingLevel } from '@warmpath/contracts';
import { metricsRegistry } from '@warmpath/server-kit';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { buildLockKey, BuildLocks } from '../../src/modules/team-graph/build-lock.js';
import { TeamNetworks, workspaceFingerprint } from '../../src/modules/team-graph/team-networks.service.js';
import { teamNetworkData, TeamSnapshotService } from '../../src/modules/team-graph/team-snapshot.service.js';
import {
  membershipReply,
  respondAccounts,
  userReply,
  REDIS_URL,
  startNetworkService,
  type NetworkServiceUnderTest,
} from './network-service.testing.js';
import { importPeople as importPeopleInto } from './network-database.testing.js';

// Two replicas of the network service (two Nest applications in this process) on one Postgres,
// NATS and Redis: a workspace version is pooled by one replica at a time however many are asked
// for it at once, both answer the same, and a replica that dies holding the lock delays the other
// by the lock's time at most (docs/workspace-network.md#one-build-at-a-time-across-replicas). The teams and auth services are played
// by responders on the same NATS.

const LOCK_MS = 1500;

let replicas: NestFastifyApplication[] = [];
let redis: Redis;
let db: DataSource;
let service: NetworkServiceUnderTest;
const workspaces = new Map<number, Map<number, SharingLevel>>();

beforeAll(async () => {
  service = await startNetworkService({
    name: 'network-team-replicas-it',
    replicas: 2,
    env: { TEAM_POOL_LOCK_MS: String(LOCK_MS) },
    responders: (respond) => {
      respondAccounts(respond, (userId) =>
        userReply(userId, `Member${userId}`, 'Test', `member${userId}@example.com`),
      );
      respond<{ userId: number; teamId: number }>('teams.membership.get', ({ userId, teamId }) =>
        membershipReply(workspaces.get(teamId), userId, teamId),
      );
    },
  });
  ({ apps: replicas, db } = service);
  redis = new Redis(REDIS_URL, { keyPrefix: service.redisPrefix });
});

afterAll(async () => {
  redis?.disconnect();
  await service?.close();
});

/** A member's import: `count` people (some known to other members too), then their version bumped. */
async function importPeople(ownerUserId: number, from: number, count: number): Promise<void> {
  const people = Array.from({ length: count }, (_, index) => ({
    first: `Person${from + index}`,
    last: 'Test',
    company: `Company ${(from + index) % 7}`,
    position: 'Engineer',
    url: `https://www.linkedin.com/in/person-${from + index}`,
  }));
  await importPeopleInto(db, ownerUserId, people);
}

const counted = async (name: string): Promise<number> => {
  const metric = await metricsRegistry.getSingleMetric(name)?.get();
  return metric?.values.reduce((sum, value) => sum + value.value, 0) ?? 0;
};
const builds = () => counted('warmpath_workspace_pool_builds_total');
/** Waits for another replica's build that ended with the lock (`acquired`) or otherwise. */
const waits = async (outcome: string): Promise<number> => {
  const metric = await metricsRegistry.getSingleMetric('warmpath_workspace_pool_lock_wait_seconds')?.get();
  const count = metric?.values.find(
    (value) =>
      (value as { metricName?: string }).metricName?.endsWith('_count') && value.labels.outcome === outcome,
  );
  return count?.value ?? 0;
};

const replica = (index: number) => replicas[index] as NestFastifyApplication;
const snapshots = (index: number) => replica(index).get(TeamSnapshotService);

describe('a workspace on two replicas of the network service', () => {
  const [maya, ana, carl] = [1, 2, 3];
  const teamId = 700;

  beforeAll(async () => {
    workspaces.set(
      teamId,
      new Map<number, SharingLevel>([
        [maya, 'names'],
        [ana, 'profiles'],
        [carl, 'counts'],
      ]),
    );
    await importPeople(maya, 0, 1000);
    await importPeople(ana, 700, 1000);
    await importPeople(carl, 1400, 1000);
  });

  /** The lock key of the workspace's current version, as a build names it. */
  const versionKey = async (index: number) =>
    `${teamId}:${workspaceFingerprint(await replica(index).get(TeamNetworks).state(maya, teamId))}`;

  it('builds a version once on each replica asked at once, and both answer the same bytes', async () => {
    const [buildsBefore, waitsBefore] = [await builds(), await waits('acquired')];
    const [a, b, other] = await Promise.all([
      snapshots(0).ensure(maya, teamId),
      snapshots(1).ensure(maya, teamId),
      snapshots(1).ensure(ana, teamId),
    ]);
    // Each replica built it once (its readers share that build); one may have waited for the
    // other (the next test makes that wait certain).
    expect((await builds()) - buildsBefore).toBe(2);
    expect((await waits('acquired')) - waitsBefore).toBeLessThanOrEqual(1);
    // Both encoded the same network: the same key, ETags and compressed bytes (their ETag).
    expect(b).toEqual(a);
    expect(other.key).not.toBe(a.key);
    // And each replica's pooled network is the same for every viewer, field for field.
    for (const viewer of [maya, ana, carl]) {
      const [first, second] = await Promise.all(
        [0, 1].map(async (index) => {
          const teams = replica(index).get(TeamNetworks);
          return JSON.stringify(teamNetworkData(await teams.pooled(await teams.state(viewer, teamId))));
        }),
      );
      expect(second).toBe(first);
    }
    expect((await builds()) - buildsBefore).toBe(2);
  });

  it('makes a replica wait while the other builds the same version, then build', async () => {
    await importPeople(ana, 5000, 50);
    const key = await versionKey(0);
    // Replica 0 is building this version (it holds the lock as a build does).
    const holder = await replica(0).get(BuildLocks).claim(key);
    expect(holder).not.toBeNull();
    const buildsBefore = await builds();
    let answered = false;
    const reading = snapshots(1)
      .ensure(carl, teamId)
      .then((ref) => ((answered = true), ref));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(answered).toBe(false);
    expect(await builds()).toBe(buildsBefore);
    await holder?.release();
    const ref = await reading;
    expect((await builds()) - buildsBefore).toBe(1);
    expect(ref.version).toBe((await replica(1).get(TeamNetworks).state(carl, teamId)).fingerprint);
  });

  it('keeps a non-member out on every replica', async () => {
    for (const index of [0, 1])
      await expect(snapshots(index).ensure(99, teamId)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('builds on the other replica once the lock of one that died while building runs out', async () => {
    await importPeople(maya, 6000, 20);
    const dying = replica(0);
    const key = await versionKey(0);
    // The replica takes the lock as a build does, and dies before it releases it.
    const claimedAt = Date.now();
    expect(await dying.get(BuildLocks).claim(key)).not.toBeNull();
    await service.closeInstance(dying);
    expect(await redis.exists(buildLockKey(key))).toBe(1);
    const buildsBefore = await builds();
    const ref = await snapshots(1).ensure(maya, teamId);
    // Not before the lock ran out (it was taken at claimedAt), and then at once.
    expect(Date.now() - claimedAt).toBeGreaterThanOrEqual(LOCK_MS - 100);
    expect(Date.now() - claimedAt).toBeLessThan(LOCK_MS + 10_000);
    expect((await builds()) - buildsBefore).toBe(1);
    expect(ref.version).toBe((await replica(1).get(TeamNetworks).state(maya, teamId)).fingerprint);
  });
});
