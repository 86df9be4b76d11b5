import { afterAll, describe, expect, it } from '@jest/globals';
import type { NetworkSnapshotRef } from '@warmpath/contracts';
import { unreachableRedis } from '@warmpath/testing';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { ImportListeners } from '../graph/import-listeners.js';
import type { IntroFeedbackRepository } from '../intro-feedback/intro-feedback.repository.js';
import { RecentReaders } from './recent-readers.js';
import { TeamGraphHandler } from './team-graph.handler.js';
import type { TeamNetworks } from './team-networks.service.js';
import type { TeamSnapshotService } from './team-snapshot.service.js';
import type { TeamSplitService } from './team-split.service.js';

const TEAM = 4;
const VIEWER = 9;

// The readers are recorded in the real Redis, under a prefix of this run's own.
const prefix = `warmpath-test-team-graph-handler-${randomBytes(4).toString('hex')}:`;
const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { keyPrefix: prefix });
afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys.map((k) => k.slice(prefix.length)));
  redis.disconnect();
});

/** Lets the handler's Redis calls answer until `check` holds (2 s at most). */
async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 2000;
  while (!check() && Date.now() < deadline) await new Promise((done) => setTimeout(done, 5));
}

/** Pooled builds that finish only when the test says so, counted. */
class HeldSnapshots {
  builds = 0;
  private release: Array<() => void> = [];

  readonly asked: number[] = [];

  ensure(viewerId?: number): Promise<NetworkSnapshotRef> {
    this.builds += 1;
    if (viewerId !== undefined) this.asked.push(viewerId);
    return new Promise((done) => this.release.push(() => done({} as NetworkSnapshotRef)));
  }

  /** Lets the running builds finish, and waits for whatever they start next. */
  async finishRunning(): Promise<void> {
    const running = this.release;
    this.release = [];
    running.forEach((finish) => finish());
    await new Promise((done) => setImmediate(done));
  }
}

function handlerWith(
  snapshots: HeldSnapshots,
  split = new HeldSnapshots(),
  readers = new RecentReaders(redis),
) {
  const listeners = new ImportListeners();
  const teams = { workspacesWith: async () => [TEAM], forget: () => undefined } as unknown as TeamNetworks;
  const handler = new TeamGraphHandler(
    snapshots as unknown as TeamSnapshotService,
    {
      base: (userId: number) => split.ensure(userId),
      patch: (userId: number) => split.ensure(userId),
      ensure: (userId: number) => split.ensure(userId),
    } as unknown as TeamSplitService,
    teams,
    { warn: () => undefined } as unknown as Logger,
    { drop: async () => undefined } as unknown as IntroFeedbackRepository,
    listeners,
    readers,
  );
  return { handler, listeners };
}

describe('TeamGraphHandler: keeping pooled snapshots warm', () => {
  it("folds the events that arrive during a rebuild into one more pass (a bulk's 20 files)", async () => {
    const snapshots = new HeldSnapshots();
    const { handler, listeners } = handlerWith(snapshots);
    const read = handler.get({ userId: VIEWER, teamId: TEAM, recheck: false } as never);
    await snapshots.finishRunning();
    await read;
    expect(snapshots.builds).toBe(1);

    const first = listeners.notify(VIEWER);
    await until(() => snapshots.builds === 2);
    const during = Array.from({ length: 19 }, () => handler.sourceChanged({ teamId: TEAM } as never));
    expect(snapshots.builds).toBe(2);
    await snapshots.finishRunning();
    // The 19 events that came during the first rebuild make one rebuild, not 19.
    await until(() => snapshots.builds === 3);
    expect(snapshots.builds).toBe(3);
    await snapshots.finishRunning();
    await Promise.all([first, ...during]);
    expect(snapshots.builds).toBe(3);

    // Once quiet, the next event rebuilds again.
    const later = handler.sharingChanged({ teamId: TEAM } as never);
    await until(() => snapshots.builds === 4);
    expect(snapshots.builds).toBe(4);
    await snapshots.finishRunning();
    await later;
  });

  it('rebuilds nothing for a workspace nobody has read', async () => {
    const snapshots = new HeldSnapshots();
    const split = new HeldSnapshots();
    const { handler } = handlerWith(snapshots, split);
    await handler.sharingChanged({ teamId: TEAM + 100 } as never);
    expect(snapshots.builds).toBe(0);
    expect(split.builds).toBe(0);
  });

  it('rebuilds the base and patches once per workspace however many read them, and no per-viewer snapshot for them', async () => {
    const snapshots = new HeldSnapshots();
    const split = new HeldSnapshots();
    const { handler } = handlerWith(snapshots, split);
    const reads = [
      handler.base({ userId: VIEWER, teamId: TEAM + 1 } as never),
      handler.patch({ userId: VIEWER, teamId: TEAM + 1 } as never),
      handler.patch({ userId: VIEWER + 1, teamId: TEAM + 1 } as never),
    ];
    await split.finishRunning();
    await Promise.all(reads);
    const before = split.builds;
    const event = handler.sharingChanged({ teamId: TEAM + 1 } as never);
    await until(() => split.builds - before === 1);
    expect(split.builds - before).toBe(1);
    await split.finishRunning();
    await event;
    expect(split.builds - before).toBe(1);
    expect(snapshots.builds).toBe(0);
  });

  it('rebuilds on the replica an event reaches what readers read on another (the readers in Redis)', async () => {
    const team = TEAM + 2;
    const servedSplit = new HeldSnapshots();
    const served = handlerWith(new HeldSnapshots(), servedSplit, new RecentReaders(redis)).handler;
    const read = served.base({ userId: VIEWER, teamId: team } as never);
    await servedSplit.finishRunning();
    await read;

    const otherSplit = new HeldSnapshots();
    const other = handlerWith(new HeldSnapshots(), otherSplit, new RecentReaders(redis)).handler;
    const event = other.sharingChanged({ teamId: team } as never);
    await until(() => otherSplit.builds === 1);
    expect(otherSplit.asked).toEqual([VIEWER]);
    await otherSplit.finishRunning();
    await event;
    expect(servedSplit.builds).toBe(1);

    // A reader who left is nobody's to rebuild for, on either replica.
    await other.left({ teamId: team, userId: VIEWER } as never);
    await handlerWith(new HeldSnapshots(), otherSplit, new RecentReaders(redis)).handler.sharingChanged({
      teamId: team,
    } as never);
    expect(otherSplit.builds).toBe(1);
  });

  it('still rebuilds for its own readers when Redis does not answer', async () => {
    const down = unreachableRedis();
    const split = new HeldSnapshots();
    const { handler } = handlerWith(new HeldSnapshots(), split, new RecentReaders(down));
    const read = handler.patch({ userId: VIEWER, teamId: TEAM + 3 } as never);
    await split.finishRunning();
    await read;
    const event = handler.sharingChanged({ teamId: TEAM + 3 } as never);
    await until(() => split.builds === 2);
    expect(split.builds).toBe(2);
    await split.finishRunning();
    await event;
    down.disconnect();
  });
});

describe("TeamGraphHandler: a member's import builds the workspace first", () => {
  const MEMBER = 21;
  const LEFT = 22;

  /** Workspaces whose state throws for a reader who left, and whose shared builds are counted. */
  function handlerBuilding(readers = new RecentReaders(redis)) {
    const built: { viewerId: number; teamId: number }[] = [];
    const teams = {
      workspacesWith: async () => [TEAM + 10],
      forget: () => undefined,
      state: async (viewerId: number, teamId: number) => {
        if (viewerId === LEFT) throw new Error('not a member');
        return { viewerId, teamId };
      },
      sharedPool: async (state: { viewerId: number; teamId: number }) => {
        built.push(state);
        return { pool: {}, versions: new Map() };
      },
    } as unknown as TeamNetworks;
    const listeners = new ImportListeners();
    const split = new HeldSnapshots();
    const handler = new TeamGraphHandler(
      new HeldSnapshots() as unknown as TeamSnapshotService,
      { base: (userId: number) => split.ensure(userId) } as unknown as TeamSplitService,
      teams,
      { warn: () => undefined, debug: () => undefined } as unknown as Logger,
      { drop: async () => undefined } as unknown as IntroFeedbackRepository,
      listeners,
      readers,
    );
    return { handler, listeners, built, split };
  }

  it('builds nothing ahead for a workspace nobody has read', async () => {
    const { listeners, built } = handlerBuilding();
    await listeners.notifyFirst(MEMBER);
    expect(built).toEqual([]);
  });

  it('builds the shared build once, as a recent reader still a member reads it', async () => {
    const readers = new RecentReaders(redis);
    await readers.mark('split', TEAM + 10, LEFT);
    await readers.mark('snapshot', TEAM + 10, MEMBER);
    await readers.mark('split', TEAM + 10, MEMBER);
    const { listeners, built, split } = handlerBuilding(readers);
    await listeners.notifyFirst(MEMBER);
    expect(built).toEqual([{ viewerId: MEMBER, teamId: TEAM + 10 }]);
    // Only the shared build: the base and patches are the refresh's, after the importer's snapshot.
    expect(split.builds).toBe(0);
  });
});
