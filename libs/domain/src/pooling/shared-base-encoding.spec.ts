import { describe, expect, it } from '@jest/globals';
import type { SharingLevel } from '@warmpath/contracts';
import { buildConnection } from '../../test/build-connection.js';
import { change, LEVELS, workspace } from '../../test/random-workspace.js';
import { compactJsonInSlices, encodeNetwork } from '../network-codec/encode-network.js';
import type { PoolMember } from './pool-person.js';
import type { PooledPerson } from './pooled-person-memo.js';
import { baseNetwork } from './shared-base.js';
import { encodeBase, encodeBaseInSlices } from './shared-base-encoding.js';
import { poolWorkspace, type SharedPool } from './shared-pool.js';
import { runToEnd } from './slices.js';

const TEAM = 7;

/** The base's bytes as the service wrote them before: a network of the pool, then encoded. */
const viaNetwork = (shared: SharedPool): string => JSON.stringify(encodeNetwork(baseNetwork(shared, TEAM)));
const direct = (shared: SharedPool): string => runToEnd(compactJsonInSlices(encodeBase(shared, TEAM)));

/** Each member on the level of their index, in turn: all four levels in one workspace. */
const everyLevel = (members: PoolMember[]): PoolMember[] =>
  members.map((member, index) => ({ ...member, sharing: LEVELS[index % 4] as SharingLevel }));

/** The first member knowing nobody (a new member before their first import). */
const firstKnowsNobody = (members: PoolMember[]): PoolMember[] =>
  members.map((member, index) => (index === 0 ? { ...member, people: [] } : member));

describe("the base's compact form written from the pool", () => {
  it('is the bytes of encodeNetwork(baseNetwork) on random workspaces', () => {
    let manyKnowers = 0;
    let urlLess = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const generated = workspace(seed);
      const members =
        seed % 3 === 0 ? everyLevel(generated) : seed % 3 === 1 ? firstKnowsNobody(generated) : generated;
      const shared = poolWorkspace(members);
      expect(direct(shared)).toBe(viaNetwork(shared));
      const again = poolWorkspace(change(members, seed), shared);
      expect(direct(again)).toBe(viaNetwork(again));
      for (const person of shared.persons) {
        if (person.knowsLinks.length > 1) manyKnowers++;
        if (person.node && person.node.linkedinUrl === null) urlLess++;
      }
    }
    // The workspaces hold what the layout has to get right: people known by several members
    // (several links to one node) and people shown without a profile URL (after the URL groups).
    expect(manyKnowers).toBeGreaterThan(100);
    expect(urlLess).toBeGreaterThan(100);
  });

  it('is the bytes of encodeNetwork(baseNetwork) for a workspace whose people nobody shows', () => {
    const members = workspace(3).map((member) => ({ ...member, sharing: 'counts' as const }));
    const shared = poolWorkspace(members);
    expect(shared.persons.every((person) => person.node === null)).toBe(true);
    expect(direct(shared)).toBe(viaNetwork(shared));
  });

  it('looks up, as encodeNetwork does, a link end that is not where the pool puts it', () => {
    const shared = poolWorkspace(workspace(11));
    const shown = shared.persons.filter((person) => person.knowsLinks.length > 0);
    const [moved, stray] = shown as [PooledPerson, PooledPerson];
    const firstLink = (person: PooledPerson) => person.knowsLinks[0] as PooledPerson['knowsLinks'][number];
    const persons = shared.persons.map((person) =>
      person === moved
        ? // A link from another person's node, to a node that is not the person's.
          {
            ...person,
            knowsLinks: [{ ...firstLink(person), sourceId: stray.node?.id ?? '', targetId: 'nobody' }],
          }
        : person === stray
          ? { ...person, knowsLinks: [{ ...firstLink(person), id: 'a link of its own' }] }
          : person,
    );
    const edited: SharedPool = { ...shared, persons };
    expect(direct(edited)).toBe(viaNetwork(edited));
    expect(direct(edited)).toContain('"a link of its own"');
  });

  it('encodes as encodeNetwork does when two nodes share an id', () => {
    const members = workspace(5).map((member) => ({ ...member, sharing: 'names' as const }));
    const second = members[1] as PoolMember;
    // Two members' records of two people under one id (ids are unique in the database, not in
    // what a pool is given): links to that id go to the last node with it.
    const shownId = poolWorkspace(members).persons.find((person) => person.node)?.node?.id;
    const twin = buildConnection({ id: shownId, userId: second.node.userId, firstName: 'Twin' });
    const twins = members.map((member) =>
      member === second ? { ...member, people: [...member.people, twin] } : member,
    );
    const shared = poolWorkspace(twins);
    const ids = shared.persons.flatMap((person) => (person.node ? [person.node.id] : []));
    expect(new Set(ids).size).toBeLessThan(ids.length);
    expect(direct(shared)).toBe(viaNetwork(shared));
  });

  it('pauses every few thousand people and links', () => {
    // Three members knowing 6,000 people each, 2,000 of them known by all three: 14,000 people
    // shown and 18,000 links.
    const members: PoolMember[] = [1, 2, 3].map((userId) => ({
      node: buildConnection({ id: `u${userId}`, userId, isUser: true, connectionDegree: 0, knownBy: [] }),
      sharing: 'names',
      people: Array.from({ length: 6_000 }, (_, at) => {
        const person = at < 2_000 ? at : userId * 10_000 + at;
        return buildConnection({
          id: String(userId * 100_000 + at),
          userId,
          knownBy: [userId],
          firstName: `P${person}`,
          linkedinUrl: `https://www.linkedin.com/in/p${person}`,
        });
      }),
    }));
    const shared = poolWorkspace(members);
    const steps = encodeBaseInSlices(shared, TEAM);
    let pauses = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) pauses++;
    expect(step.value.people.id).toHaveLength(3 + 14_000);
    expect(step.value.links.source).toHaveLength(18_000);
    expect(JSON.stringify(step.value)).toBe(viaNetwork(shared));
    // At least one pause per 4,096 people and per 4,096 links.
    expect(pauses).toBeGreaterThanOrEqual(4 + 5);
  });
});
