import { describe, expect, it } from '@jest/globals';
import { type Connection, type Relationship } from '@warmpath/contracts';
import { buildConnection, buildRelationship, buildSelf } from '../../test/build-connection.js';
import { seededRandom } from '../../test/random.js';
import { findWarmestPath, warmestPathsFrom, warmestPathTo } from './find-warmest-path.js';
import { buildWarmthGraph } from './warmth-graph.js';

const self = buildSelf({ id: 'u1', userId: 1 });
const person = (id: string, firstName: string, lastName: string, overrides: Partial<Connection> = {}) =>
  buildConnection({ id, firstName, lastName, knownBy: [], ...overrides });
const companyLink = (
  sourceId: string,
  targetId: string,
  strength: number,
  company = 'Acme',
): Relationship => {
  const type = strength === 50 ? 'company-general' : strength === 80 ? 'company-group' : 'company-role';
  return buildRelationship({ sourceId, targetId, strength, type, company });
};

function pathBetween(connections: Connection[], relationships: Relationship[], toId: string) {
  return findWarmestPath(buildWarmthGraph(connections, relationships, 'u1'), 'u1', toId);
}

describe('findWarmestPath', () => {
  it('goes straight to a long-time connection rather than through a company link', () => {
    const ana = person('a', 'Ana', 'Silva', { knownBy: [1], yearsConnected: 10, company: 'Acme' });
    const carla = person('c', 'Carla', 'Ruiz', { knownBy: [1], yearsConnected: 8, company: 'Acme' });
    const path = pathBetween([self, ana, carla], [companyLink('a', 'c', 150)], 'c');
    expect(path?.nodes).toEqual(['u1', 'c']);
    expect(path?.hops[0]?.explanation).toBe('You know Carla Ruiz (8 years)');
    expect(path?.warmth).toBeCloseTo(0.82);
  });

  it('maximises the product of warmths, not the warmth of the first hop', () => {
    // Through Ana: 0.9 x 0.43 = 0.38. Through Ben: 0.5 x 0.8 = 0.4.
    const ana = person('a', 'Ana', 'Silva', { knownBy: [1], yearsConnected: 10 });
    const ben = person('b', 'Ben', 'Ode', { knownBy: [1], yearsConnected: 0 });
    const carla = person('c', 'Carla', 'Ruiz');
    const path = pathBetween(
      [self, ana, ben, carla],
      [companyLink('a', 'c', 80), companyLink('b', 'c', 150)],
      'c',
    );
    expect(path?.nodes).toEqual(['u1', 'b', 'c']);
    expect(path?.warmth).toBeCloseTo(0.4);
  });

  it('goes through a teammate when only the teammate knows the target', () => {
    const ben = person('u2', 'Ben', 'Ode', { userId: 2, isTeammate: true });
    const carla = person('c', 'Carla', 'Ruiz', { knownBy: [2], yearsConnected: 3, connectionDegree: 2 });
    const path = pathBetween([self, ben, carla], [], 'c');
    expect(path?.nodes).toEqual(['u1', 'u2', 'c']);
    expect(path?.hops.map((hop) => hop.explanation)).toEqual([
      'Ben Ode is your teammate',
      'Ben Ode knows Carla Ruiz (3 years)',
    ]);
    expect(path?.warmth).toBeCloseTo(0.9 * 0.62);
  });

  it('explains every kind of hop along a long path', () => {
    const ana = person('a', 'Ana', 'Silva', {
      knownBy: [1],
      yearsConnected: 6,
      hasWorkedWith: true,
      position: 'Engineer',
      company: 'Acme',
    });
    const ben = person('b', 'Ben', 'Ode', { position: 'Senior Engineer', company: 'Acme' });
    const dan = person('d', 'Dan', 'Lee', { position: 'Recruiter', company: 'Acme' });
    const path = pathBetween(
      [self, ana, ben, dan],
      [companyLink('a', 'b', 150), companyLink('b', 'd', 50)],
      'd',
    );
    expect(path?.hops.map((hop) => hop.explanation)).toEqual([
      'You and Ana Silva both worked at Acme',
      'Ana Silva and Ben Ode both work at Acme, same function',
      'Ben Ode and Dan Lee both work at Acme',
    ]);
    expect(path?.hops.map((hop) => [hop.fromId, hop.toId])).toEqual([
      ['u1', 'a'],
      ['a', 'b'],
      ['b', 'd'],
    ]);
  });

  it('gives the facts behind each hop and the stored link it travels', () => {
    const ana = person('a', 'Ana', 'Silva', {
      knownBy: [1],
      yearsConnected: 6,
      position: 'Engineer',
      company: 'Acme',
    });
    const ben = person('b', 'Ben', 'Ode', { position: 'Engineer', company: 'Acme' });
    const path = pathBetween([self, ana, ben], [companyLink('a', 'b', 150)], 'b');
    expect(path?.hops).toEqual([
      {
        fromId: 'u1',
        toId: 'a',
        warmth: expect.closeTo(0.74),
        explanation: 'You know Ana Silva (6 years)',
        kind: 'knows',
        linkId: null,
        yearsConnected: 6,
        workedTogether: false,
        sharedCompany: null,
        sameFunction: false,
      },
      {
        fromId: 'a',
        toId: 'b',
        warmth: expect.closeTo(0.8),
        explanation: 'Ana Silva and Ben Ode both work at Acme, same function',
        kind: 'company',
        linkId: 'a-b',
        yearsConnected: null,
        workedTogether: false,
        sharedCompany: 'Acme',
        sameFunction: true,
      },
    ]);
  });

  it('reads explicit connection and teammate links as well as knownBy', () => {
    const ben = person('u2', 'Ben', 'Ode', { userId: 2 });
    const carla = person('c', 'Carla', 'Ruiz', { yearsConnected: 1 });
    const links = [
      buildRelationship({ sourceId: 'u1', targetId: 'u2', type: 'teammate' }),
      buildRelationship({ sourceId: 'c', targetId: 'u2', type: 'connection' }),
    ];
    const path = pathBetween([self, { ...ben, isTeammate: true }, carla], links, 'c');
    expect(path?.hops.map((hop) => hop.explanation)).toEqual([
      'Ben Ode is your teammate',
      'Ben Ode knows Carla Ruiz (1 year)',
    ]);
    expect(path?.hops.map((hop) => hop.linkId)).toEqual(['u1-u2', 'c-u2']);
  });

  it('says how long you have known someone, or nothing when unknown', () => {
    const newbie = person('n', 'Nia', 'Obi', { knownBy: [1], yearsConnected: 0 });
    const unknown = person('x', 'Xu', 'Li', { knownBy: [1], yearsConnected: null });
    expect(pathBetween([self, newbie], [], 'n')?.hops[0]?.explanation).toBe(
      'You know Nia Obi (less than a year)',
    );
    expect(pathBetween([self, unknown], [], 'x')?.hops[0]?.explanation).toBe('You know Xu Li');
  });

  it('gives null when the target cannot be reached', () => {
    const stranger = person('s', 'Sam', 'Stone');
    expect(pathBetween([self, stranger], [], 's')).toBeNull();
  });

  it('gives null for an unknown id', () => {
    expect(pathBetween([self], [], 'nobody')).toBeNull();
  });

  it('gives an empty path from a person to themselves', () => {
    expect(pathBetween([self], [], 'u1')).toEqual({ nodes: ['u1'], hops: [], warmth: 1 });
  });

  it('ignores links to people who are not in the graph', () => {
    const ana = person('a', 'Ana', 'Silva', { knownBy: [1] });
    expect(pathBetween([self, ana], [companyLink('a', 'ghost', 150)], 'a')?.nodes).toEqual(['u1', 'a']);
  });

  it('finds a path across a 30,000-person network built once and queried many times', () => {
    const people: Connection[] = [self];
    const links: Relationship[] = [];
    for (let i = 0; i < 30_000; i++) {
      people.push(
        person(String(i), 'P', String(i), { knownBy: i % 100 === 0 ? [1] : [], yearsConnected: i % 11 }),
      );
      if (i > 0) links.push(companyLink(String(i - 1), String(i), i % 3 === 0 ? 150 : 130));
      if (i >= 50) links.push(companyLink(String(i - 50), String(i), 50));
    }
    const graph = buildWarmthGraph(people, links, 'u1');
    const path = findWarmestPath(graph, 'u1', '29999');
    expect(path?.nodes[0]).toBe('u1');
    expect(path?.nodes.at(-1)).toBe('29999');
    // The nearest person you know is 29900: one hop from you, then along the company chain.
    expect(path?.nodes[1]).toBe('29900');
    expect(findWarmestPath(graph, 'u1', '12345')?.nodes.at(-1)).toBe('12345');
  });
});

describe('warmestPathsFrom: one search for every target', () => {
  it('gives every target the very path findWarmestPath finds, and null where it finds none', () => {
    const random = seededRandom(11);
    const companies = ['Acme', 'Globex', 'Initech'];
    const people = Array.from({ length: 300 }, (_, index) =>
      person(String(index + 1), `P${index}`, 'Test', {
        knownBy: random() < 0.2 ? [1] : [],
        yearsConnected: Math.floor(random() * 12),
        company: companies[index % 3] as string,
      }),
    );
    const links = Array.from({ length: 600 }, () => {
      const a = 1 + Math.floor(random() * 300);
      const b = 1 + Math.floor(random() * 300);
      return companyLink(String(a), String(b), [50, 80, 130, 150][Math.floor(random() * 4)] as number);
    }).filter((link) => link.sourceId !== link.targetId);
    // Someone nobody knows and no link reaches.
    const lonely = person('999', 'Lonely', 'Island');
    const graph = buildWarmthGraph([self, ...people, lonely], links, 'u1');
    const paths = warmestPathsFrom(graph, 'u1');
    if (!paths) throw new Error('the start is in the graph');
    for (const target of [...people.map((p) => p.id), '999', 'u1']) {
      expect(warmestPathTo(paths, target)).toEqual(findWarmestPath(graph, 'u1', target));
    }
    expect(warmestPathTo(paths, '999')).toBeNull();
  });

  it('gives null for an unknown start or target', () => {
    const graph = buildWarmthGraph([self], [], 'u1');
    expect(warmestPathsFrom(graph, 'nobody')).toBeNull();
    expect(
      warmestPathTo(warmestPathsFrom(graph, 'u1') as NonNullable<ReturnType<typeof warmestPathsFrom>>, 'x'),
    ).toBeNull();
  });
});
