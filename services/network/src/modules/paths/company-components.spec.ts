import { describe, expect, it } from '@jest/globals';
import type { Connection, Relationship } from '@warmpath/contracts';
import { buildWarmthGraph, findWarmestPath } from '@warmpath/domain';
import { toConnection, toOwnNode } from '../graph/network-view.mapper.js';
import { buildConnectionRow } from '../graph/network-rows.testing.js';
import { splitByCompanyLinks } from './company-components.js';

const NOW = new Date('2026-06-15T12:00:00Z');
const YOU = toOwnNode({
  id: 7,
  firstName: 'Maya',
  lastName: 'Chen',
  email: 'm@x.org',
  avatarUrl: null,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const LINK_TYPES = {
  150: 'company-role',
  130: 'company-role',
  80: 'company-group',
  50: 'company-general',
} as const;

const person = (id: number, years: number | null, workedWith = false): Connection =>
  toConnection(
    buildConnectionRow({
      id: String(id),
      connected_on: years === null ? null : `${2026 - years}-01-01`,
      has_worked_with: workedWith,
    }),
    NOW,
  );
const link = (id: number, a: number, b: number, strength: keyof typeof LINK_TYPES): Relationship => ({
  id: String(1000 + id),
  sourceId: String(a),
  targetId: String(b),
  strength,
  type: LINK_TYPES[strength],
  company: 'Acme',
  createdAt: '',
  userId: 7,
});

/** A deterministic pseudo-random network: people in a few companies, links only inside a company. */
function randomNetwork(seed: number, size: number) {
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const people = Array.from({ length: size }, (_, i) =>
    person(i + 1, random() < 0.2 ? null : Math.floor(random() * 12), random() < 0.1),
  );
  const companyOf = people.map(() => Math.floor(random() * 5));
  const strengths = [150, 130, 80, 50] as const;
  const links: Relationship[] = [];
  for (let a = 0; a < size; a++) {
    for (let b = a + 1; b < size; b++) {
      if (companyOf[a] === companyOf[b] && random() < 0.3)
        links.push(link(links.length, a + 1, b + 1, strengths[Math.floor(random() * 4)] as 150));
    }
  }
  return { people, links };
}

describe('splitByCompanyLinks', () => {
  it('groups people joined by company links, alone ones in their own component', () => {
    const people = [1, 2, 3, 4, 5].map((id) => person(id, 1));
    const split = splitByCompanyLinks(people, [link(1, 1, 2, 150), link(2, 2, 3, 50), link(3, 9, 4, 80)]);
    const componentOf = (id: string) => split.componentOf.get(id);
    expect(componentOf('1')).toBe(componentOf('3'));
    expect(new Set([componentOf('1'), componentOf('4'), componentOf('5')]).size).toBe(3);
    expect(split.members[componentOf('1') as number]?.map((p) => p.id)).toEqual(['1', '2', '3']);
    expect(split.links[componentOf('1') as number]?.map((l) => l.id)).toEqual(['1001', '1002']);
    // A link to someone outside the network joins nothing.
    expect(split.links[componentOf('4') as number]).toEqual([]);
  });

  it('gives the same warmest paths as the whole network, on many random networks', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const { people, links } = randomNetwork(seed, 30);
      const whole = buildWarmthGraph([YOU, ...people], links, YOU.id);
      const split = splitByCompanyLinks(people, links);
      for (const target of people) {
        const component = split.componentOf.get(target.id) as number;
        const part = buildWarmthGraph(
          [YOU, ...(split.members[component] ?? [])],
          split.links[component] ?? [],
          YOU.id,
        );
        const expected = findWarmestPath(whole, YOU.id, target.id);
        const actual = findWarmestPath(part, YOU.id, target.id);
        expect(actual?.warmth).toBeCloseTo(expected?.warmth ?? NaN, 12);
      }
    }
  });
});
