import { describe, expect, it } from '@jest/globals';
import type { SharingLevel } from '@warmpath/contracts';
import { buildConnection } from '../../test/build-connection.js';
import { freshId, imported, LEVELS, workspace } from '../../test/random-workspace.js';
import { seededRandom } from '../../test/random.js';
import { baseNetwork } from './shared-base.js';
import { buildSharedPool, poolWorkspace, type SharedPool } from './shared-pool.js';
import type { PoolMember } from './pool-person.js';
import { viewerPatch } from './viewer-patch.js';

// A build from the last one (docs/workspace-network.md "One shared build per workspace version")
// reuses what a change did not touch: it must answer exactly what a build from scratch answers,
// index for index, whatever the change.

/** Now and then a member leaves, another joins, or one changes their sharing level. */
function membership(members: readonly PoolMember[], seed: number): PoolMember[] {
  const random = seededRandom(seed * 15_485_863);
  let next = [...members];
  if (next.length > 2 && random() < 0.2) next.splice(Math.floor(random() * next.length), 1);
  if (random() < 0.2) {
    const userId = 100 + seed;
    const copied = (next[0] as PoolMember).people.slice(0, 5).map((person) => ({
      ...person,
      id: freshId(),
      userId,
      knownBy: [userId],
    }));
    next.push({
      node: buildConnection({ id: `u${userId}`, userId, isUser: true, knownBy: [] }),
      sharing: 'names',
      people: copied,
    });
  }
  if (random() < 0.3) {
    const at = Math.floor(random() * next.length);
    next = next.map((member, index) =>
      index === at ? { ...member, sharing: LEVELS[Math.floor(random() * 4)] as SharingLevel } : member,
    );
  }
  return next;
}

/**
 * What a build is, the memo of the last one aside (reused persons and links are equal, not the
 * same; URL numbers are the order URLs were first met in, the group indexes are compared).
 */
const built = ({ urlIds: _numbers, companyIds: _companies, ...pool }: SharedPool) => ({
  ...pool,
  companyLinks: [...pool.companyLinks.get().memo.byCompany].map(([key, entry]) => [
    key,
    entry.signature,
    entry.links,
  ]),
});

describe('a shared build from the last one', () => {
  it('is exactly a build from scratch after imports, leaves, joins and sharing changes (80 random workspaces, 3 changes each)', () => {
    let reused = 0;
    let rebuilt = 0;
    for (let seed = 1; seed <= 80; seed++) {
      let members = workspace(seed);
      let last = poolWorkspace(members);
      for (let step = 1; step <= 3; step++) {
        members = membership(imported(members, seed * 10 + step), seed * 10 + step);
        const again = poolWorkspace(members, last);
        const scratch = poolWorkspace(members);
        expect({ seed, step, ...built(again) }).toStrictEqual({ seed, step, ...built(scratch) });
        // What the service makes of it: the base's and every member's patch, the same.
        expect(baseNetwork(again, 1)).toStrictEqual(baseNetwork(scratch, 1));
        for (const member of members)
          expect(viewerPatch(again, member.node.userId)).toStrictEqual(
            viewerPatch(scratch, member.node.userId),
          );
        const before = new Set(last.persons);
        for (const person of again.persons)
          if (before.has(person)) reused++;
          else rebuilt++;
        last = again;
      }
    }
    // Both paths are taken, many times (an importer of a small random workspace knows about half of it).
    expect(reused).toBeGreaterThan(2_000);
    expect(rebuilt).toBeGreaterThan(2_000);
  });

  it('reuses every person of members whose networks were not reloaded, and only those', () => {
    const members = workspace(5);
    const first = poolWorkspace(members);
    const changed = members.map((member, index) =>
      index === 0 ? { ...member, people: member.people.map((person) => ({ ...person })) } : member,
    );
    const again = poolWorkspace(changed, first);
    const importer = changed[0] as PoolMember;
    again.persons.forEach((person, group) => {
      const knownByImporter = person.records.some((record) => importer.people.includes(record));
      expect({ group, reused: first.persons.includes(person) }).toEqual({ group, reused: !knownByImporter });
    });
  });

  it('keeps what it pooled of a reloaded network whose records are equal, and re-pools the changed ones', () => {
    let kept = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const members = workspace(seed).map((member) => ({ ...member, sharing: 'names' as const }));
      const first = poolWorkspace(members);
      const at = seed % members.length;
      const importer = members[at] as PoolMember;
      // Reloaded after an import: new objects, two of them changed in a nested field only.
      const changedIds = new Set(importer.people.slice(0, 2).map((person) => person.id));
      const people = importer.people.map((person) =>
        changedIds.has(person.id)
          ? {
              ...person,
              positionInfo: { ...person.positionInfo, seniority: (person.positionInfo.seniority % 10) + 1 },
            }
          : { ...person },
      );
      const changed = members.map((member, index) => (index === at ? { ...importer, people } : member));
      const again = poolWorkspace(changed, first);
      const scratch = poolWorkspace(changed);
      expect({ seed, ...built(again) }).toStrictEqual({ seed, ...built(scratch) });
      expect(baseNetwork(again, 1)).toStrictEqual(baseNetwork(scratch, 1));
      again.persons.forEach((person, group) => {
        const before = first.persons[group];
        const mine = person.records.filter((record) => people.includes(record));
        if (mine.length === 0) return expect(person).toBe(before);
        const same = mine.every((record) => !changedIds.has(record.id));
        if (same && person.node) kept++;
        const node = person.node === before?.node;
        expect({ seed, group, node }).toEqual({ seed, group, node: same || !person.node });
      });
    }
    expect(kept).toBeGreaterThan(50);
  });

  it('pauses while it builds, and answers the same however it is run', () => {
    const members = workspace(12);
    let pauses = 0;
    const steps = buildSharedPool(members);
    let step = steps.next();
    while (!step.done) {
      pauses++;
      step = steps.next();
    }
    expect(built(step.value)).toStrictEqual(built(poolWorkspace(members)));
    expect(pauses).toBeGreaterThan(0);
  });
});
