import { describe, expect, it } from '@jest/globals';
import { WORKSPACE_NOT_FOUND } from '@warmpath/contracts';
import { ServiceError, type BusClient } from '@warmpath/server-kit';
import { NetworkReader } from '../graph/network-reader.service.js';
import type { NetworkRepository } from '../graph/network.repository.js';
import { FakeNetworkRepository } from '../graph/network-rows.testing.js';
import { TeamNetworks } from './team-networks.service.js';
import { membersProfiles } from './team-networks.testing.js';

// Many readers of one workspace at once (docs/workspace-network.md "Many readers at once"): they
// share reads of its membership and versions, and each still gets a read that started after it
// asked, with a non-member answered as for an unknown workspace.

const TEAM = 5;

/**
 * The teams service in memory: the members it holds, its calls counted, each call's answer (the
 * members as they were when it was called) held back until answerHeld.
 */
function teamsService(members: number[]) {
  const held: (() => void)[] = [];
  const service = {
    members,
    calls: 0,
    /** Answers the calls held so far. */
    answerHeld: async () => {
      for (const answer of held.splice(0)) answer();
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
  const bus = {
    request: (_contract: unknown, { userId }: { userId: number; teamId: number }) => {
      service.calls++;
      const now = [...service.members];
      return new Promise((resolve, reject) =>
        held.push(() =>
          now.includes(userId)
            ? resolve({
                teamId: TEAM,
                members: now.map((id) => ({
                  userId: id,
                  role: 'member',
                  joinedAt: '2026-11-01',
                  sharing: 'names',
                })),
              })
            : reject(new ServiceError('NOT_FOUND', WORKSPACE_NOT_FOUND)),
        ),
      );
    },
  } as unknown as BusClient;
  return { service, bus };
}

class Repository extends FakeNetworkRepository {
  queries = 0;
  async findVersions(ids: readonly number[]): Promise<Map<number, string>> {
    this.queries++;
    return new Map(ids.map((id) => [id, '1'] as const));
  }
}

function setup(members: number[]) {
  const { service, bus } = teamsService(members);
  const repository = new Repository();
  const reader = new NetworkReader(repository as unknown as NetworkRepository);
  const teams = new TeamNetworks(bus, repository as unknown as NetworkRepository, reader, membersProfiles());
  return { service, repository, teams };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** Answers the teams service's calls until every read has settled. */
async function settleAll<T>(reads: Promise<T>[], answerHeld: () => Promise<void>) {
  const all = Promise.allSettled(reads);
  let done = false;
  void all.then(() => (done = true));
  while (!done) await answerHeld();
  return all;
}

describe('many readers of one workspace at once', () => {
  it('share its membership and versions reads: two at most, however many ask', async () => {
    const members = Array.from({ length: 200 }, (_, i) => i + 1);
    const { service, repository, teams } = setup(members);
    const first = teams.state(1, TEAM);
    await tick();
    const others = members.map((id) => teams.state(id, TEAM));
    const states = await settleAll([first, ...others], service.answerHeld);
    expect(states.every((s) => s.status === 'fulfilled')).toBe(true);
    expect(service.calls).toBe(2);
    expect(repository.queries).toBeLessThanOrEqual(2);
    const fulfilled = states.map((s) => (s as PromiseFulfilledResult<Awaited<typeof first>>).value);
    // Each viewer's own state: their id, the workspace's 200 members.
    expect(fulfilled.slice(1).map((s) => s.viewerId)).toEqual(members);
    expect(new Set(fulfilled.map((s) => s.membership.members.length))).toEqual(new Set([200]));
  });

  it('answer a non-member as an unknown workspace, and the members beside them as usual', async () => {
    const { service, teams } = setup([1, 2, 3]);
    const reads = [teams.state(1, TEAM), teams.state(99, TEAM), teams.state(2, TEAM)];
    const [member, stranger, other] = await settleAll(reads, service.answerHeld);
    expect(member?.status).toBe('fulfilled');
    expect(other?.status).toBe('fulfilled');
    expect(stranger).toMatchObject({
      status: 'rejected',
      reason: { code: 'NOT_FOUND', message: WORKSPACE_NOT_FOUND },
    });
  });

  it('still answer a member whose read shared a round asked by a non-member', async () => {
    const { service, teams } = setup([1, 2]);
    const stranger = teams.state(99, TEAM);
    await tick();
    const strangerAgain = teams.state(98, TEAM);
    const member = teams.state(2, TEAM);
    const [a, b, c] = await settleAll([stranger, strangerAgain, member], service.answerHeld);
    expect(a?.status).toBe('rejected');
    expect(b?.status).toBe('rejected');
    expect(c).toMatchObject({ status: 'fulfilled', value: { viewerId: 2 } });
  });

  it('see a member removed before they asked, though a read that began earlier is still running', async () => {
    const { service, teams } = setup([1, 2, 3]);
    const before = teams.state(1, TEAM);
    await tick();
    service.members = [1, 2]; // 3 leaves while the first read waits for the teams service
    const removed = teams.state(3, TEAM);
    const [first, left] = await settleAll([before, removed], service.answerHeld);
    expect(first?.status).toBe('fulfilled');
    expect(left).toMatchObject({ status: 'rejected', reason: { code: 'NOT_FOUND' } });
  });
});
