import { describe, expect, it } from '@jest/globals';
import type { NetworkSnapshotRef } from '@warmpath/contracts';
import type { Logger } from 'pino';
import { ImportListeners } from '../graph/import-listeners.js';
import type { IntroFeedbackRepository } from '../intro-feedback/intro-feedback.repository.js';
import { TeamGraphHandler } from './team-graph.handler.js';
import type { TeamNetworks } from './team-networks.service.js';
import type { TeamSnapshotService } from './team-snapshot.service.js';
import type { TeamSplitService } from './team-split.service.js';

const TEAM = 4;
const VIEWER = 9;

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

function handlerWith(snapshots: HeldSnapshots, split = new HeldSnapshots()) {
  const listeners = new ImportListeners();
  const teams = { teamsWith: () => [TEAM], forget: () => undefined } as unknown as TeamNetworks;
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
    const during = Array.from({ length: 19 }, () => handler.sourceChanged({ teamId: TEAM } as never));
    expect(snapshots.builds).toBe(2);
    await snapshots.finishRunning();
    // The 19 events that came during the first rebuild make one rebuild, not 19.
    expect(snapshots.builds).toBe(3);
    await snapshots.finishRunning();
    await Promise.all([first, ...during]);
    expect(snapshots.builds).toBe(3);

    // Once quiet, the next event rebuilds again.
    const later = handler.sharingChanged({ teamId: TEAM } as never);
    expect(snapshots.builds).toBe(4);
    await snapshots.finishRunning();
    await later;
  });

  it('rebuilds nothing for a workspace nobody has read', async () => {
    const snapshots = new HeldSnapshots();
    const { handler } = handlerWith(snapshots);
    await handler.sharingChanged({ teamId: TEAM } as never);
    expect(snapshots.builds).toBe(0);
  });

  it('rebuilds the base and patches once per workspace however many read them, and no per-viewer snapshot for them', async () => {
    const snapshots = new HeldSnapshots();
    const split = new HeldSnapshots();
    const { handler } = handlerWith(snapshots, split);
    const reads = [
      handler.base({ userId: VIEWER, teamId: TEAM } as never),
      handler.patch({ userId: VIEWER, teamId: TEAM } as never),
      handler.patch({ userId: VIEWER + 1, teamId: TEAM } as never),
    ];
    await split.finishRunning();
    await Promise.all(reads);
    const before = split.builds;
    const event = handler.sharingChanged({ teamId: TEAM } as never);
    await new Promise((done) => setImmediate(done));
    expect(split.builds - before).toBe(1);
    await split.finishRunning();
    await event;
    expect(split.builds - before).toBe(1);
    expect(snapshots.builds).toBe(0);
  });
});
