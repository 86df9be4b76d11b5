import { describe, expect, it } from '@jest/globals';
import type { Connection } from '@warmpath/contracts';
import { buildConnection } from '../../test/build-connection.js';
import { baseNetwork } from './shared-base.js';
import type { PoolMember } from './pool-person.js';
import { poolWorkspace, type SharedPool } from './shared-pool.js';
import { viewerPatch } from './viewer-patch.js';

// The URL numbers a build keeps for the next (docs/workspace-network.md "The grouping kept between
// builds"): whatever the change, the groups are those of a build from scratch.

const url = (name: string) => `https://www.linkedin.com/in/${name}`;
let id = 0;
const person = (userId: number, name: string, linkedinUrl: string | null, company = 'Acme'): Connection =>
  buildConnection({
    id: `r${id++}`,
    userId,
    knownBy: [userId],
    firstName: name,
    lastName: 'Person',
    company,
    linkedinUrl,
  });
const member = (userId: number, people: Connection[]): PoolMember => ({
  node: buildConnection({ id: `u${userId}`, userId, isUser: true, knownBy: [] }),
  sharing: 'names',
  people,
});
const built = ({ urlIds: _numbers, companyIds: _companies, companyLinks, ...pool }: SharedPool) => ({
  ...pool,
  companyLinks: [...companyLinks.get().memo.byCompany].map(([key, entry]) => [key, entry.links]),
});
/** Who is grouped with whom: each group's records by id. */
const grouping = (pool: SharedPool) =>
  pool.groups.map((records) =>
    records.map((r) => (pool.members[r.member] as PoolMember).people[r.person]?.id),
  );

/** Builds `steps` one from the last, each checked against a build from scratch. */
function chain(steps: readonly PoolMember[][]): SharedPool[] {
  const pools: SharedPool[] = [];
  for (const members of steps) {
    const again = poolWorkspace(members, pools.at(-1));
    const scratch = poolWorkspace(members);
    expect(built(again)).toStrictEqual(built(scratch));
    expect(baseNetwork(again, 1)).toStrictEqual(baseNetwork(scratch, 1));
    for (const { node } of members)
      expect(viewerPatch(again, node.userId)).toStrictEqual(viewerPatch(scratch, node.userId));
    pools.push(again);
  }
  return pools;
}

describe('the grouping kept between builds', () => {
  it('merges two members’ people when a shared URL appears and splits them when it goes', () => {
    const ann = person(1, 'Ann', url('ann'));
    const bob = [person(1, 'Bob', url('bob')), person(1, 'Cy', null, 'Globex')];
    const other = person(2, 'Ann', url('ann-2'));
    const together = { ...other, id: 'r-moved', linkedinUrl: url('ann') };
    const pools = chain([
      [member(1, [ann, ...bob]), member(2, [other])],
      [member(1, [ann, ...bob]), member(2, [together])],
      [member(1, [ann, ...bob]), member(2, [{ ...together, id: 'r-back', linkedinUrl: url('ann-2') }])],
    ]);
    expect(pools.map((pool) => pool.persons.length)).toEqual([4, 3, 4]);
    expect(grouping(pools[1] as SharedPool)[0]).toEqual([ann.id, 'r-moved']);
  });

  it('moves a record from one person to another, and follows a member who leaves', () => {
    const first = [person(1, 'Ann', url('ann')), person(1, 'Bob', url('bob'))];
    const second = [person(2, 'Bob', url('bob')), person(2, 'Dee', null)];
    const moved = { ...(second[0] as Connection), id: 'r-moved', linkedinUrl: url('ann') };
    const pools = chain([
      [member(1, first), member(2, second), member(3, [person(3, 'Dee', url('dee'))])],
      [
        member(1, first),
        member(2, [moved, second[1] as Connection]),
        member(3, [person(3, 'Dee', url('dee'))]),
      ],
      [member(2, [moved, second[1] as Connection]), member(3, [person(3, 'Dee', url('dee'))])],
      [member(3, [person(3, 'Dee', url('dee'))])],
    ]);
    expect(grouping(pools[1] as SharedPool)[0]).toEqual([(first[0] as Connection).id, 'r-moved']);
    // Member 2's Dee, without a URL, meets member 3's on name + company throughout.
    expect(pools.map((pool) => pool.persons.length)).toEqual([3, 3, 2, 1]);
  });

  it('numbers the URLs anew once those nobody has any more outnumber the rest', () => {
    const steps = Array.from({ length: 8 }, (_, step) => [
      member(1, [
        person(1, 'Ann', url('ann')),
        ...Array.from({ length: 400 }, (_, n) => person(1, `P${n}`, url(`s${step}-${n}`))),
      ]),
      member(2, [person(2, 'Ann', url('ann')), person(2, 'Eve', null)]),
    ]);
    const pools = chain(steps);
    const registries = new Set(pools.map((pool) => pool.urlIds));
    expect(registries.size).toBeGreaterThan(1);
    expect(registries.size).toBeLessThan(pools.length);
    // At most twice the records with a URL and some slack, plus the URLs new in the last build.
    for (const pool of pools) expect(pool.urlIds.byKey.size).toBeLessThanOrEqual(2 * 402 + 1_024 + 400);
  });
});
