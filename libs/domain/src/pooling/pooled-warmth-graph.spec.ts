import { describe, expect, it } from '@jest/globals';
import type { Connection, SharingLevel } from '@warmpath/contracts';
import { buildConnection } from '../../test/build-connection.js';
import { findWarmestPath } from '../warm-path/find-warmest-path.js';
import { poolNetwork, type PoolMember } from './pool-network.js';
import { buildPooledWarmthGraph } from './pooled-warmth-graph.js';

const NAMES: Record<number, [string, string]> = {
  1: ['You', 'Self'],
  2: ['Ana', 'Lima'],
  3: ['Carl', 'Diaz'],
};
const member = (
  userId: number,
  people: Partial<Connection>[],
  sharing: SharingLevel = 'names',
): PoolMember => ({
  node: buildConnection({
    id: `u${userId}`,
    userId,
    firstName: NAMES[userId]?.[0],
    lastName: NAMES[userId]?.[1],
    isUser: true,
    knownBy: [],
  }),
  sharing,
  people: people.map((fields) => buildConnection({ userId, knownBy: [userId], ...fields })),
});
const ben = {
  id: '10',
  firstName: 'Ben',
  lastName: 'Ortiz',
  company: 'Globex',
  position: 'Software Engineer',
  linkedinUrl: 'https://www.linkedin.com/in/ben',
};
const chen = {
  id: '20',
  firstName: 'Chen',
  lastName: 'Wu',
  company: 'Globex',
  position: 'Backend Engineer',
  linkedinUrl: 'https://www.linkedin.com/in/chen',
};

const pathTo = (members: PoolMember[], toId: string) => {
  const pooled = poolNetwork(1, members);
  return findWarmestPath(buildPooledWarmthGraph(pooled), 'u1', toId);
};

describe('warm paths on a pooled network', () => {
  it('goes through the teammate with the strongest tie and explains each hop with names', () => {
    const path = pathTo(
      [
        member(1, []),
        member(2, [{ ...ben, id: '11', yearsConnected: 6 }]),
        member(3, [{ ...ben, id: '12', yearsConnected: 1 }]),
      ],
      '11',
    );
    expect(path?.nodes).toEqual(['u1', 'u2', '11']);
    expect(path?.hops.map((hop) => hop.explanation)).toEqual([
      'Ana Lima is your teammate',
      'Ana Lima knows Ben Ortiz (6 years)',
    ]);
    expect(path?.hops[1]).toMatchObject({ kind: 'knows', yearsConnected: 6, linkId: 'u2-11' });
  });

  it('prefers the teammate who knows the person longest, not the one whose record is the node', () => {
    // Ana's record is the node (the lower user id shows it), but Carl's 8 years are the warmer way in.
    const path = pathTo(
      [
        member(1, []),
        member(2, [{ ...ben, id: '21', yearsConnected: 0 }]),
        member(3, [{ ...ben, id: '31', yearsConnected: 8 }]),
      ],
      '21',
    );
    expect(path?.nodes).toEqual(['u1', 'u3', '21']);
    expect(path?.hops[1]).toMatchObject({
      explanation: 'Carl Diaz knows Ben Ortiz (8 years)',
      linkId: 'u3-21',
    });
  });

  it('crosses a company link from a teammate’s contact to a colleague who is warmer that way', () => {
    const path = pathTo(
      [
        member(1, []),
        member(2, [{ ...ben, yearsConnected: 6 }]),
        member(3, [{ ...chen, yearsConnected: 0 }]),
      ],
      '20',
    );
    expect(path?.nodes).toEqual(['u1', 'u2', '10', '20']);
    expect(path?.hops[2]?.explanation).toBe('Ben Ortiz and Chen Wu both work at Globex, same function');
  });

  it('never goes through a member on counts only', () => {
    const members = [
      member(1, []),
      member(2, [{ ...chen, id: '21' }]),
      member(
        3,
        [
          { ...ben, yearsConnected: 10 },
          { ...chen, id: '22', yearsConnected: 10 },
        ],
        'counts',
      ),
    ];
    const path = pathTo(members, '21');
    expect(path?.nodes).toEqual(['u1', 'u2', '21']);
  });
});
