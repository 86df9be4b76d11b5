import { describe, expect, it } from '@jest/globals';
import type { Connection, SharingLevel } from '@warmpath/contracts';
import { buildConnection } from '../../test/build-connection.js';
import { findWarmestPath } from '../warm-path/find-warmest-path.js';
import { emptyArchiveSignals } from '../warmth/archive-signals.js';
import { poolNetwork, type PoolMember } from './pool-network.js';
import { buildPooledWarmthGraph } from './pooled-warmth-graph.js';

// A teammate's tie strength in a workspace (docs/warmth.md, "Sharing"): shown by their sharing
// level, used in full by the path search.

const userNode = (userId: number, firstName: string): Connection =>
  buildConnection({
    id: `u${userId}`,
    userId,
    firstName,
    lastName: 'Member',
    isUser: true,
    connectionDegree: 0,
    knownBy: [],
  });

const signals = {
  ...emptyArchiveSignals(),
  messagesSent: 20,
  messagesReceived: 22,
  lastMessageOn: '2026-11-20',
};
let nextId = 500;
const person = (owner: number, firstName: string, fields: Partial<Connection> = {}): Connection =>
  buildConnection({
    id: String(nextId++),
    userId: owner,
    knownBy: [owner],
    firstName,
    lastName: 'Known',
    linkedinUrl: `https://www.linkedin.com/in/${firstName.toLowerCase()}`,
    ...fields,
  });

const member = (userId: number, people: Connection[], sharing: SharingLevel): PoolMember => ({
  node: userNode(userId, userId === 1 ? 'You' : 'Ana'),
  sharing,
  people,
});

/** Ben, known by teammate Ana with a strong tie (and by nobody else). */
function pooled(sharing: SharingLevel) {
  const ben = person(2, 'Ben', { strength: { score: 62, band: 'strong' }, signals });
  const mine = person(1, 'Cy', { strength: { score: 10, band: 'weak' } });
  return poolNetwork(1, [member(1, [mine], 'names'), member(2, [ben], sharing)]);
}

describe('a teammate tie in a pooled network', () => {
  it.each<[SharingLevel, unknown]>([
    ['names', { strength: { band: 'strong' }, signals: undefined }],
    ['profiles', { strength: { band: 'strong' }, signals: undefined }],
    ['emails', { strength: { score: 62, band: 'strong' }, signals }],
  ])('at %s shows %j of the person', (sharing, shown) => {
    const ben = pooled(sharing).people.find((p) => p.firstName === 'Ben');
    expect({ strength: ben?.strength, signals: ben?.signals }).toEqual(shown);
  });

  it('shows nothing of the person at counts', () => {
    expect(pooled('counts').people.find((p) => p.firstName === 'Ben')).toBeUndefined();
  });

  it("keeps the viewer's own tie whole", () => {
    expect(pooled('names').people.find((p) => p.firstName === 'Cy')?.strength).toEqual({
      score: 10,
      band: 'weak',
    });
  });

  it.each<[SharingLevel, string[] | undefined, string]>([
    ['names', undefined, 'strong'],
    ['emails', ['Ana Member exchanged 42 messages with Ben Known, the last 6 days ago'], 'strong'],
  ])('weighs the full score on the path and explains it at %s', (sharing, relationship, band) => {
    const network = pooled(sharing);
    const graph = buildPooledWarmthGraph(network, new Date('2026-11-26T10:00:00Z'));
    const ben = network.people.find((p) => p.firstName === 'Ben') as Connection;
    const path = findWarmestPath(graph, 'u1', ben.id);
    const hop = path?.hops.at(-1);
    expect(hop?.warmth).toBeCloseTo(0.5 + 0.5 * 0.62);
    expect(hop?.relationship?.map((fact) => fact.text)).toEqual(relationship);
    expect(hop?.band).toBe(band);
  });
});
