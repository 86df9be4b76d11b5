import { describe, expect, it } from '@jest/globals';
import { imported, workspace } from '../../test/random-workspace.js';
import { poolNetwork } from './pool-network.js';
import { encodeBase } from './shared-base-encoding.js';
import { poolWorkspace } from './shared-pool.js';
import { mergeView, viewerOverlay } from './viewer-overlay.js';
import { viewerPatch } from './viewer-patch.js';

// A shared build's company links are made when a reader first needs them (docs/workspace-network.md
// "Company links made when a reader needs them"), from the last links made of the workspace.

/** Seeds whose workspaces have company links (most do). */
const seeds = Array.from({ length: 40 }, (_, at) => at + 1);

describe("a shared build's company links", () => {
  it('are not made by the build, the base or the patches', () => {
    let linked = 0;
    for (const seed of seeds) {
      const members = workspace(seed);
      const pool = poolWorkspace(members);
      encodeBase(pool, 1);
      for (const member of members) viewerPatch(pool, member.node.userId);
      expect({ seed, ready: pool.companyLinks.ready }).toEqual({ seed, ready: false });
      if (pool.companyLinks.get().memo.byCompany.size > 0) linked++;
      expect(pool.companyLinks.ready).toBe(true);
    }
    expect(linked).toBeGreaterThan(20);
  });

  it("once made are every viewer's, as a pooling for them derives them", () => {
    for (const seed of seeds) {
      const members = workspace(seed);
      const pool = poolWorkspace(members);
      for (const member of members) {
        const viewerId = member.node.userId;
        const merged = mergeView(pool, viewerOverlay(pool, viewerId));
        expect({ seed, viewerId, links: merged.companyLinks }).toStrictEqual({
          seed,
          viewerId,
          links: poolNetwork(viewerId, members).companyLinks,
        });
      }
    }
  });

  it('reuse the last links made, across builds that made none, for the companies unchanged', () => {
    let reused = 0;
    let made = 0;
    for (const seed of seeds) {
      const first = workspace(seed);
      const v1 = poolWorkspace(first);
      const linksOfV1 = new Set([...v1.companyLinks.get().memo.byCompany.values()].map((e) => e.links));
      // Two imports whose builds nobody reads links of, then a read.
      const second = imported(first, seed * 7 + 1);
      const v2 = poolWorkspace(second, v1);
      const third = imported(second, seed * 7 + 2);
      const v3 = poolWorkspace(third, v2);
      expect(v2.companyLinks.ready).toBe(false);
      const again = v3.companyLinks.get();
      const scratch = poolWorkspace(third).companyLinks.get();
      expect({ seed, links: [...again.memo.byCompany].map(([key, e]) => [key, e.links]) }).toStrictEqual({
        seed,
        links: [...scratch.memo.byCompany].map(([key, e]) => [key, e.links]),
      });
      expect(again.keys).toStrictEqual(scratch.keys);
      for (const entry of again.memo.byCompany.values())
        if (linksOfV1.has(entry.links)) reused++;
        else made++;
    }
    expect(reused).toBeGreaterThan(10);
    expect(made).toBeGreaterThan(10);
  });

  it('made by two runs at once are one answer', () => {
    const pool = poolWorkspace(workspace(3));
    const a = pool.companyLinks.make();
    const b = pool.companyLinks.make();
    let doneA = a.next();
    let doneB = b.next();
    while (!doneA.done) doneA = a.next();
    while (!doneB.done) doneB = b.next();
    expect(doneB.value).toBe(doneA.value);
    expect(pool.companyLinks.get()).toBe(doneA.value);
  });
});
