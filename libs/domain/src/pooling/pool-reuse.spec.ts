import { describe, expect, it } from '@jest/globals';
import type { Connection, SharingLevel } from '@warmpath/contracts';
import { buildConnection } from '../../test/build-connection.js';
import { seededRandom } from '../../test/random.js';
import { deriveCompanyLinksReusing } from './company-links-memo.js';
import { deriveCompanyLinks } from './graph-links.js';
import { poolNetwork, type PoolMember, type PooledNetwork } from './pool-network.js';

// Members 1..4 know people drawn from one small universe (heavy overlap, shared companies, some
// without a profile URL so name + company matching is exercised too).
const COMPANIES = ['Acme', 'Globex', 'Initech', 'Hooli', 'Umbrella'];
const POSITIONS = ['Software Engineer', 'Sales Director', 'CEO', 'Recruiter', 'Product Manager', null];
let nextId = 1000;

function universePerson(index: number) {
  return {
    firstName: `P${index}`,
    lastName: 'Test',
    company: COMPANIES[index % COMPANIES.length] as string,
    position: POSITIONS[index % POSITIONS.length] as string | null,
    linkedinUrl: index % 7 === 0 ? null : `https://www.linkedin.com/in/p${index}`,
  };
}

function recordsOf(userId: number, indexes: readonly number[], seed: number): Connection[] {
  const random = seededRandom(seed);
  return indexes.map((index) =>
    buildConnection({
      id: String(nextId++),
      userId,
      knownBy: [userId],
      ...universePerson(index),
      yearsConnected: Math.floor(random() * 10),
      hasWorkedWith: random() < 0.1,
      email: `p${index}@example.com`,
    }),
  );
}

function sample(seed: number, count: number): number[] {
  const random = seededRandom(seed);
  const picked = new Set<number>();
  while (picked.size < count) picked.add(Math.floor(random() * 400));
  return [...picked];
}

const member = (userId: number, people: Connection[], sharing: SharingLevel = 'names'): PoolMember => ({
  node: buildConnection({ id: `u${userId}`, userId, firstName: `M${userId}`, isUser: true, knownBy: [] }),
  sharing,
  people,
});

function team(): PoolMember[] {
  return [1, 2, 3, 4].map((userId) =>
    member(userId, recordsOf(userId, sample(userId, 120), 10 + userId), userId === 4 ? 'counts' : 'names'),
  );
}

/** Everything the pooled network shows (its reuse memo aside). */
const shown = ({ reuse: _reuse, ...rest }: PooledNetwork) => rest;

describe('re-pooling with the previous pooling reused', () => {
  it('equals a full pooling after one member imports (their network reloaded, new people and old)', () => {
    const members = team();
    const before = poolNetwork(1, members);
    // Member 2's import: their network is read again (new objects), with 30 more people.
    const reloaded = [
      ...(members[1] as PoolMember).people.map((p) => ({ ...p })),
      ...recordsOf(2, sample(99, 30), 5),
    ];
    const after = members.map((m, index) => (index === 1 ? { ...m, people: reloaded } : m));
    const reused = poolNetwork(1, after, before.reuse);
    expect(shown(reused)).toEqual(shown(poolNetwork(1, after)));
    // Someone only member 3 knows is the very node of before: not pooled again.
    const onlyThird = before.people.find((p) => p.knownBy.length === 1 && p.knownBy[0] === 3);
    expect(reused.people.find((p) => p.id === onlyThird?.id)).toBe(onlyThird);
  });

  it('equals a full pooling after a sharing change, a leave and a join', () => {
    const members = team();
    const before = poolNetwork(1, members);
    const sharing = members.map((m) => (m.node.userId === 3 ? { ...m, sharing: 'counts' as const } : m));
    const afterSharing = poolNetwork(1, sharing, before.reuse);
    expect(shown(afterSharing)).toEqual(shown(poolNetwork(1, sharing)));
    const left = sharing.filter((m) => m.node.userId !== 2);
    const afterLeave = poolNetwork(1, left, afterSharing.reuse);
    expect(shown(afterLeave)).toEqual(shown(poolNetwork(1, left)));
    const joined = [...left, member(5, recordsOf(5, sample(5, 80), 15), 'emails')];
    expect(shown(poolNetwork(1, joined, afterLeave.reuse))).toEqual(shown(poolNetwork(1, joined)));
  });

  it('never hands one viewer’s people to another viewer', () => {
    const members = team();
    const asFirst = poolNetwork(1, members);
    expect(shown(poolNetwork(2, members, asFirst.reuse))).toEqual(shown(poolNetwork(2, members)));
  });

  it('shares the node of someone a viewer does not know with every other member who does not', () => {
    const members = team();
    const asFirst = poolNetwork(1, members);
    const asSecond = poolNetwork(2, members, { strangers: asFirst.reuse.strangers });
    expect(shown(asSecond)).toEqual(shown(poolNetwork(2, members)));
    const byId = (pooled: PooledNetwork) => new Map(pooled.people.map((p) => [p.id, p] as const));
    const [first, second] = [byId(asFirst), byId(asSecond)];
    // Known by member 3 only: one node for viewers 1 and 2 alike.
    const onlyThird = asFirst.people.find((p) => p.knownBy.length === 1 && p.knownBy[0] === 3);
    expect(second.get(onlyThird?.id ?? '')).toBe(onlyThird);
    // Known by viewer 2: their own node (their record, degree 1), not viewer 1's view of it.
    const knownBySecond = asSecond.people.find((p) => p.knownBy.includes(2) && !p.knownBy.includes(1));
    expect(knownBySecond).toMatchObject({ userId: 2, connectionDegree: 1 });
    expect(first.get(knownBySecond?.id ?? '')).toMatchObject({ userId: 2, connectionDegree: 2 });
    expect(first.get(knownBySecond?.id ?? '')).not.toBe(knownBySecond);
    // And the second viewer's strangers serve the first one back, after member 3's import.
    const reloaded = members.map((m) =>
      m.node.userId === 3 ? { ...m, people: m.people.map((p) => ({ ...p })) } : m,
    );
    const again = poolNetwork(1, reloaded, {
      people: asFirst.reuse.people,
      strangers: asSecond.reuse.strangers,
    });
    expect(shown(again)).toEqual(shown(poolNetwork(1, reloaded)));
  });
});

describe('deriveCompanyLinksReusing', () => {
  it('equals deriveCompanyLinks, and reuses the links of companies whose people did not change', () => {
    const people = recordsOf(1, sample(3, 200), 3);
    const first = deriveCompanyLinksReusing(people, 1);
    expect(first.links).toEqual(deriveCompanyLinks(people, 1));
    const changed = [...people, ...recordsOf(1, [1000, 1005], 4)]; // two more at Acme
    const second = deriveCompanyLinksReusing(changed, 1, first.memo);
    expect(second.links).toEqual(deriveCompanyLinks(changed, 1));
    const globex = (links: readonly { company: string | null }[]) =>
      links.filter((l) => l.company === 'Globex');
    expect(globex(second.links)[0]).toBe(globex(first.links)[0]);
    expect(second.links.filter((l) => l.company === 'Acme')).not.toContain(
      first.links.find((l) => l.company === 'Acme'),
    );
    // Another owner's memo is not used: the links carry their owner.
    expect(deriveCompanyLinksReusing(changed, 2, second.memo).links).toEqual(deriveCompanyLinks(changed, 2));
  });
});
