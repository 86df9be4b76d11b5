import { describe, expect, it } from '@jest/globals';
import type { Connection } from '@warmpath/contracts';
import { imported, workspace } from '../../test/random-workspace.js';
import { poolWorkspace } from '../pooling/shared-pool.js';
import { normaliseProfileUrl } from '../import/normalise-profile-url.js';
import { SharedTargetIndex } from './shared-target-index.js';

// docs/targets.md "Recompute after an import: what the last version is worth": a version's shared
// target index made from the last one's carry (nodes kept, maps patched, the people added and gone
// noted in the index's own pass, nobody looked for when nobody is gone) answers exactly what one
// made from scratch answers, whatever the change.

/** Everything a shared index answers, by value: nodes and lists by id, maps' keys sorted. */
function answers(index: SharedTargetIndex) {
  const sorted = <V>(map: ReadonlyMap<string, V>) => [...map].sort(([a], [b]) => (a < b ? -1 : 1));
  const ids = (list: readonly Connection[] | undefined) => list?.map((person) => person.id);
  const people = index.people;
  const keys = [...people.byCompany.keys()].sort();
  const profiles = [
    ...new Set(people.people.map((person) => normaliseProfileUrl(person.linkedinUrl)).filter(Boolean)),
  ].sort() as string[];
  return {
    nodes: index.pool.persons.map((_, group) => index.nodeOf(group)),
    groups: [...index.groupOfNode].map(([node, group]) => [node.id, group]).sort(),
    ties: sorted(index.ties),
    people: people.people.map((person) => person.id),
    byCompany: keys.map((key) => [key, ids(people.peopleAt(key))]),
    byDomain: sorted(people.byDomain).map(([key, list]) => [key, ids(list)]),
    companyNames: sorted(people.companyNames),
    exact: keys.map((key) =>
      [...new Set(people.byCompany.get(key)?.map((person) => person.company as string))].map((name) => [
        name,
        people.isExactSpelling(key, name),
        people.isExactSpelling(key, `${name}x`),
      ]),
    ),
    stems: keys.map((key) => [key, people.keyForStem(key), [...(people.keysForStem(key) ?? [])].sort()]),
    profiles: profiles.map((profile) => [profile, ids(people.allByProfile(profile))]),
    names: people.people.map((person) => [
      person.id,
      ids(people.byName(person.firstName, person.lastName, keys[0] ?? '')),
    ]),
    countedOnly: index.countedOnly,
    hidden: sorted(index.hidden),
  };
}

describe('a shared target index from the last version', () => {
  it('answers exactly what one from scratch answers, through imports (80 random workspaces, 4 imports each)', () => {
    let patched = 0;
    let patchedWithGone = 0;
    let builtAnew = 0;
    for (let seed = 1; seed <= 80; seed++) {
      let members = workspace(seed);
      let pool = poolWorkspace(members);
      let last = new SharedTargetIndex(pool);
      for (let step = 1; step <= 4; step++) {
        members = imported(members, seed * 10 + step, 0.5);
        pool = poolWorkspace(members, pool);
        const carried = new SharedTargetIndex(pool, last.carry);
        const scratch = new SharedTargetIndex(pool);
        expect({ seed, step, ...answers(carried) }).toStrictEqual({ seed, step, ...answers(scratch) });
        if (carried.people.patched) {
          patched++;
          const now = new Set(carried.people.people);
          if (last.people.people.some((person) => !now.has(person))) patchedWithGone++;
        } else builtAnew++;
        last = carried;
      }
    }
    // Every path is taken: patched with nobody gone (no search), patched with people gone, anew.
    expect(patched - patchedWithGone).toBeGreaterThan(20);
    expect(patchedWithGone).toBeGreaterThan(10);
    expect(builtAnew).toBeGreaterThan(0);
  });
});
