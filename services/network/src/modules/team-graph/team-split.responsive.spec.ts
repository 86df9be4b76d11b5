import { describe, expect, it } from '@jest/globals';
import { snapshotField } from '@warmpath/contracts';
import { decodeNetwork } from '@warmpath/domain';
import { readFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import { NetworkReader } from '../graph/network-reader.service.js';
import type { NetworkRepository } from '../graph/network.repository.js';
import { buildConnectionRow, FakeNetworkRepository } from '../graph/network-rows.testing.js';
import { BuildLocks } from './build-lock.js';
import { teamNetworksOver } from './team-networks.testing.js';
import { TeamSplitService } from './team-split.service.js';
import { SplitStoreInMemory } from './team-split.testing.js';

// A workspace's build is seconds of CPU at this size: the service must keep answering meanwhile
// (NATS pings, other requests, timers), so it builds in slices and lets its event loop turn
// (docs/workspace-network.md "One shared build per workspace version").

const TEAM = 4;
const MEMBERS = 6;
const PEOPLE_EACH = 30_000;
/** The most of the build's CPU a timer may wait behind: well under a NATS ping or a request's timeout. */
const MOST_LATE_MS = 100;

class Repository extends FakeNetworkRepository {
  async findVersions(ids: readonly number[]): Promise<Map<number, string>> {
    return new Map(ids.map((id) => [id, this.networks.get(id)?.version ?? '0'] as const));
  }
}

/** Members who know overlapping people of one universe, at a few hundred companies. */
function workspace(): Repository {
  const repository = new Repository();
  for (let userId = 1; userId <= MEMBERS; userId++) {
    const connections = Array.from({ length: PEOPLE_EACH }, (_, index) => {
      const person = (index * 7 + userId * 5_003) % 40_000;
      return buildConnectionRow({
        id: String(userId * 100_000 + index),
        owner_user_id: userId,
        first_name: `First${person}`,
        last_name: `Last${person % 97}`,
        company: `Company ${person % 400}`,
        position: person % 3 === 0 ? 'Software Engineer' : 'Product Manager',
        linkedin_url: person % 10 === 0 ? null : `https://www.linkedin.com/in/person-${person}`,
      });
    });
    repository.networks.set(userId, { version: '1', connections });
  }
  return repository;
}

/**
 * The CPU time of the calling thread (the event loop's), in ms: what a timer waits behind is this
 * thread's work, not the wait for a CPU on a busy machine (Linux; null elsewhere).
 */
function loopCpuMs(): number | null {
  try {
    const fields = readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime, the 12th and 13th fields after the command, in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/**
 * Timers set every 10 ms while `work` runs: how late the latest of them fired, and the most CPU
 * the event loop's thread spent between two of them (what a timer, a NATS ping or another request
 * waits behind).
 */
async function timersDuring<T>(
  work: () => Promise<T>,
): Promise<{ result: T; mostLate: number; mostCpuBetween: number; ticks: number }> {
  let mostLate = 0;
  let mostCpuBetween = 0;
  let ticks = 0;
  let cpu = loopCpuMs();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    const due = performance.now() + 10;
    timer = setTimeout(() => {
      mostLate = Math.max(mostLate, performance.now() - due);
      const now = loopCpuMs();
      if (now !== null && cpu !== null) mostCpuBetween = Math.max(mostCpuBetween, now - cpu);
      cpu = now;
      ticks++;
      tick();
    }, 10);
  };
  tick();
  const result = await work();
  // What runs after the build (this test's own checks) is not the build's.
  clearTimeout(timer);
  return { result, mostLate, mostCpuBetween, ticks };
}

describe('a workspace build keeps the service responsive', () => {
  it(`fires every timer after at most ${MOST_LATE_MS} ms of its CPU while ${MEMBERS} × ${PEOPLE_EACH.toLocaleString('en')} records are pooled, encoded and patched`, async () => {
    const repository = workspace();
    const reader = new NetworkReader(repository as unknown as NetworkRepository);
    const locks = new BuildLocks(undefined as never, { TEAM_POOL_LOCK_MS: 0 });
    const members = Array.from({ length: MEMBERS }, (_, i) => i + 1);
    const teams = teamNetworksOver(repository, TEAM, members, locks, reader);
    const store = new SplitStoreInMemory();
    const split = new TeamSplitService(teams, store.asStore(), locks);
    // The members' networks read first, as a build after an import finds them: what is timed is the build.
    for (const userId of members) await reader.current(userId, '1', new Date());

    const cpuBefore = loopCpuMs();
    const started = performance.now();
    const timers = await timersDuring(() => split.ensure(1, TEAM));
    const took = performance.now() - started;
    const cpu = cpuBefore === null ? null : (loopCpuMs() as number) - cpuBefore;

    // The build was many times MOST_LATE_MS of the event loop's CPU (850-900 ms on a fast machine
    // of 2026-11-28, 2-4 s on slower ones: held at once, it would have made a timer that late),
    // and no timer waited behind more than MOST_LATE_MS of it. On a busy machine a timer also
    // waits for a CPU (wall time), but never for the whole build.
    expect({ ticks: timers.ticks > 20, cpu: cpu === null || cpu > 4 * MOST_LATE_MS }).toEqual({
      ticks: true,
      cpu: true,
    });
    if (cpu !== null) expect(timers.mostCpuBetween).toBeLessThanOrEqual(MOST_LATE_MS);
    expect(timers.mostLate).toBeLessThan(took / 5);
    const version = timers.result;
    // And it built the workspace: every distinct person is in the base.
    const baseBytes = store.base(version)?.get(snapshotField('compact', 'br')) as Buffer;
    const base = decodeNetwork(JSON.parse(brotliDecompressSync(baseBytes).toString()));
    expect(base.connections.length).toBeGreaterThan(MEMBERS + 20_000);
    // Every member's patch, brotli only: no client asked for gzip.
    expect(store.patches(version)?.size).toBe(MEMBERS);
  }, 120_000);
});
