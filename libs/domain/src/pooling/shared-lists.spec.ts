import { describe, expect, it } from '@jest/globals';
import type { SharingLevel } from '@warmpath/contracts';
import { workspace } from '../../test/random-workspace.js';
import type { MemberRecord } from './person-identity.js';
import { HIDDEN_KNOWER, knowsTieOf, NO_VIEWER, type PoolMember } from './pool-person.js';
import { poolWorkspace } from './shared-pool.js';

// The shared build's knower, level and tie lists are shared between the people whose lists are
// equal, and a node's knownBy is its knower list when no member hides (docs/workspace-network.md
// "The cold build's cost"): each one compared here with the list the build made for each person
// before, built anew the same way.
describe('the lists a shared build shares between people', () => {
  it('are, person by person, the lists made for each person alone', () => {
    let shared = 0;
    let sameKnownBy = 0;
    let people = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const pool = poolWorkspace(workspace(seed));
      const members = pool.members;
      const seen = new Map<string, readonly number[]>();
      pool.persons.forEach((person, group) => {
        const records = pool.groups[group] as readonly MemberRecord[];
        const memberOf = (record: MemberRecord) => members[record.member] as PoolMember;
        expect(person.knowers).toStrictEqual(records.map((record) => memberOf(record).node.userId));
        expect(person.sharing).toStrictEqual(records.map((record): SharingLevel => memberOf(record).sharing));
        const visible = records.filter((record) => memberOf(record).sharing !== 'counts');
        expect(person.knowsTies).toStrictEqual(
          visible.map((record) => knowsTieOf(members, record, NO_VIEWER)),
        );
        expect(person.knowsLinks.length).toBe(person.node ? visible.length : 0);
        if (person.node) {
          const knownBy = records.map((record) =>
            memberOf(record).sharing === 'counts' ? HIDDEN_KNOWER : memberOf(record).node.userId,
          );
          expect(person.node.knownBy).toStrictEqual(knownBy);
          if (person.node.knownBy === person.knowers) sameKnownBy++;
        }
        const key = person.knowers.join(',');
        const before = seen.get(key);
        if (before === person.knowers) shared++;
        else if (!before) seen.set(key, person.knowers);
        people++;
      });
      for (const { links } of pool.companyLinks.get().memo.byCompany.values())
        for (const link of links) expect(link.id).toBe(`${link.sourceId}-${link.targetId}`);
    }
    // The workspaces have people known by the same members, whose lists are then one.
    expect(people).toBeGreaterThan(1_000);
    expect(shared).toBeGreaterThan(100);
    expect(sameKnownBy).toBeGreaterThan(500);
  });
});
