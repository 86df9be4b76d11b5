import { describe, expect, it } from '@jest/globals';
import type { NetworkSnapshotRef } from '@warmpath/contracts';
import { inForeground } from '../team-graph/foreground-work.js';
import { GraphHandler } from './graph.handler.js';
import { ImportListeners } from './import-listeners.js';
import type { OwnProfileClient } from './own-profile.client.js';
import type { SnapshotPointerStore } from './snapshot-pointer.store.js';
import type { SnapshotService } from './snapshot.service.js';

// docs/targets.md "Through the running stack": after a member's import, what a workspace's list
// index waits for (the shared builds) comes first, then list reads running, then the importer's
// own snapshot, then the rest (the base and patches, per-viewer snapshots).

function handler(order: string[]) {
  const listeners = new ImportListeners();
  listeners.addFirst(async (userId) => void order.push(`shared builds of ${userId}'s workspaces`));
  listeners.add(async (userId) => void order.push(`refresh of ${userId}'s workspaces`));
  const snapshots = {
    ensure: async (userId: number) => {
      order.push(`own snapshot of ${userId}`);
      return {} as NetworkSnapshotRef;
    },
  } as unknown as SnapshotService;
  const pointers = {
    generation: async () => 0,
    publish: async () => undefined,
  } as unknown as SnapshotPointerStore;
  const profiles = { freshUntil: () => 0 } as unknown as OwnProfileClient;
  return new GraphHandler(snapshots, pointers, profiles, listeners);
}

describe("GraphHandler: a member's import", () => {
  it('makes the shared builds first, then the own snapshot, then the rest', async () => {
    const order: string[] = [];
    await handler(order).prebuild({ userId: 7 } as never);
    expect(order).toEqual([
      "shared builds of 7's workspaces",
      'own snapshot of 7',
      "refresh of 7's workspaces",
    ]);
  });

  it('lets a list read running after the shared builds end before the own snapshot starts', async () => {
    const order: string[] = [];
    let finish!: () => void;
    const read = inForeground(
      () =>
        new Promise<void>((done) => {
          finish = () => {
            order.push('list read ended');
            done();
          };
        }),
    );
    const event = handler(order).prebuild({ userId: 7 } as never);
    await new Promise((done) => setTimeout(done, 20));
    expect(order).toEqual(["shared builds of 7's workspaces"]);
    finish();
    await Promise.all([read, event]);
    expect(order).toEqual([
      "shared builds of 7's workspaces",
      'list read ended',
      'own snapshot of 7',
      "refresh of 7's workspaces",
    ]);
  });

  it('makes no own snapshot for a workspace source, only its workspaces', async () => {
    const order: string[] = [];
    await handler(order).prebuild({ userId: -3 } as never);
    expect(order).toEqual(["shared builds of -3's workspaces", "refresh of -3's workspaces"]);
  });
});
