import { describe, expect, it, jest } from '@jest/globals';
import { SharedCompanyLinks } from '@warmpath/domain';
import { NetworkReader } from '../graph/network-reader.service.js';
import type { NetworkRepository } from '../graph/network.repository.js';
import { buildConnectionRow, FakeNetworkRepository } from '../graph/network-rows.testing.js';
import { BuildLocks } from './build-lock.js';
import { mapAtMost, MEMBER_LOADS_AT_ONCE } from './member-networks.js';
import { teamNetworksOver } from './team-networks.testing.js';

// How a workspace build reads its members' networks (docs/workspace-network.md#one-shared-build-per-workspace-version):
// a few at a time, and only those that changed since the last build.

const TEAM = 9;
const MEMBERS = 12;

/** Counts the reads of each member's network, and how many run at once. */
class Repository extends FakeNetworkRepository {
  readonly reads: number[] = [];
  running = 0;
  mostAtOnce = 0;
  async findVersions(ids: readonly number[]): Promise<Map<number, string>> {
    return new Map(ids.map((id) => [id, this.networks.get(id)?.version ?? '0'] as const));
  }
  override async findNetwork(userId: number) {
    this.reads.push(userId);
    this.running++;
    this.mostAtOnce = Math.max(this.mostAtOnce, this.running);
    await new Promise((resolve) => setTimeout(resolve, 5));
    this.running--;
    return super.findNetwork(userId);
  }
  setNetwork(userId: number, version: string, company: string) {
    this.networks.set(userId, {
      version,
      connections: [
        buildConnectionRow({
          id: String(userId * 100),
          owner_user_id: userId,
          first_name: `P${userId}`,
          company,
        }),
      ],
    });
  }
}

function setup() {
  const repository = new Repository();
  for (let id = 1; id <= MEMBERS; id++) repository.setNetwork(id, '1', 'Acme');
  const reader = new NetworkReader(repository as unknown as NetworkRepository);
  // A reader's cache too small for the workspace: every member would be read again per version.
  reader.maxCachedPeople = 1;
  const locks = new BuildLocks(undefined as never, { TEAM_POOL_LOCK_MS: 0 });
  const members = Array.from({ length: MEMBERS }, (_, i) => i + 1);
  return { repository, teams: teamNetworksOver(repository, TEAM, members, locks, reader) };
}

describe("a workspace build reads its members' networks", () => {
  it(`at most ${MEMBER_LOADS_AT_ONCE} at a time`, async () => {
    const { repository, teams } = setup();
    const network = await teams.pooled(await teams.state(1, TEAM));
    expect(network.pooled.people).toHaveLength(MEMBERS);
    expect(repository.reads).toHaveLength(MEMBERS);
    expect(repository.mostAtOnce).toBe(MEMBER_LOADS_AT_ONCE);
  });

  it("after a member's import, only that member's, even when the reader's cache forgot the others", async () => {
    const { repository, teams } = setup();
    await teams.pooled(await teams.state(1, TEAM));
    repository.reads.length = 0;
    repository.setNetwork(5, '2', 'Globex');
    const network = await teams.pooled(await teams.state(1, TEAM));
    expect(repository.reads).toEqual([5]);
    expect(network.pooled.people.find((person) => person.firstName === 'P5')?.company).toBe('Globex');
  });

  it('reads everyone again on a new UTC day (the years connected change)', async () => {
    const { repository, teams } = setup();
    await teams.pooled(await teams.state(1, TEAM, new Date('2026-11-27T23:59:00Z')));
    repository.reads.length = 0;
    await teams.pooled(await teams.state(1, TEAM, new Date('2026-11-28T00:01:00Z')));
    expect([...repository.reads].sort((a, b) => a - b)).toEqual(
      Array.from({ length: MEMBERS }, (_, i) => i + 1),
    );
  });
});

describe("a workspace build's company links", () => {
  it('are not made for the base and patches, and once for viewers reading at once', async () => {
    const { teams } = setup();
    const make = SharedCompanyLinks.prototype.make;
    // A first slice long enough for the service to let its event loop turn (runSliced) while the
    // links are being made: the second viewer's read comes in meanwhile.
    const made = jest.spyOn(SharedCompanyLinks.prototype, 'make').mockImplementation(function* (
      this: SharedCompanyLinks,
    ) {
      const until = performance.now() + 30;
      while (performance.now() < until);
      yield;
      return yield* make.call(this);
    });
    try {
      const { pool } = await teams.sharedPool(await teams.state(1, TEAM));
      expect(pool.companyLinks.ready).toBe(false);
      const states = [await teams.state(1, TEAM), await teams.state(2, TEAM)];
      const [first, second] = await Promise.all(states.map((state) => teams.pooled(state)));
      expect(made).toHaveBeenCalledTimes(1);
      expect(pool.companyLinks.ready).toBe(true);
      // Everyone is at Acme: the people are linked, for each viewer with their own user id.
      expect(first?.pooled.companyLinks.length).toBeGreaterThan(0);
      expect(second?.pooled.companyLinks.map((link) => link.id)).toEqual(
        first?.pooled.companyLinks.map((link) => link.id),
      );
      expect(second?.pooled.companyLinks.every((link) => link.userId === 2)).toBe(true);
    } finally {
      made.mockRestore();
    }
  });
});

describe('mapAtMost', () => {
  it('answers in the order of the items whatever order they finish in', async () => {
    const waits = [30, 5, 20, 1, 10];
    const results = await mapAtMost(waits, 2, async (ms) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      return ms * 2;
    });
    expect(results).toEqual([60, 10, 40, 2, 20]);
  });

  it('answers an empty list at once', async () => {
    expect(await mapAtMost([], 4, async () => 1)).toEqual([]);
  });
});
