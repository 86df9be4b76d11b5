import { describe, expect, it } from '@jest/globals';
import type { Connection, SharingLevel } from '@warmpath/contracts';
import { buildConnection } from '../../test/build-connection.js';
import { freshId, workspace, change } from '../../test/random-workspace.js';
import { HIDDEN_KNOWER, poolNetwork, type PoolMember, type PooledNetwork } from './pool-network.js';
import { poolWorkspace } from './shared-pool.js';
import { mergeView, viewerOverlay } from './viewer-overlay.js';

/** Everything the pooled network shows (the reuse memo of poolNetwork aside). */
const shown = ({ reuse: _reuse, ...rest }: PooledNetwork) => rest;

const viewed = (members: PoolMember[], viewerId: number) => {
  const shared = poolWorkspace(members);
  return mergeView(shared, viewerOverlay(shared, viewerId));
};

describe('one shared build per workspace: mergeView(shared, viewerOverlay(shared, viewer))', () => {
  it('is exactly poolNetwork(viewer, members) for every member of 150 random workspaces', () => {
    let viewers = 0;
    let hidden = 0;
    for (let seed = 1; seed <= 150; seed++) {
      const members = workspace(seed);
      const shared = poolWorkspace(members);
      for (const member of members) {
        const viewerId = member.node.userId;
        const expected = shown(poolNetwork(viewerId, members));
        const merged = shown(mergeView(shared, viewerOverlay(shared, viewerId)));
        // Same people, links, ties, companies and reach, in the same order.
        expect({ seed, viewerId, ...merged }).toStrictEqual({ seed, viewerId, ...expected });
        viewers++;
        if (expected.people.some((p) => p.knownBy.includes(HIDDEN_KNOWER))) hidden++;
      }
    }
    // The generator reaches what the comparison is about.
    expect(viewers).toBeGreaterThan(450);
    expect(hidden).toBeGreaterThan(40);
  });

  it('leaves the shared build as it was, so every viewer can be derived from it in any order', () => {
    const members = workspace(7);
    const shared = poolWorkspace(members);
    const before = members.map((m) => shown(mergeView(shared, viewerOverlay(shared, m.node.userId))));
    const after = [...members]
      .reverse()
      .map((m) => shown(mergeView(shared, viewerOverlay(shared, m.node.userId))))
      .reverse();
    expect(after).toStrictEqual(before);
  });

  it('reuses an earlier build for the people and companies a change did not touch, with the same answer', () => {
    const members = workspace(11);
    const first = poolWorkspace(members);
    const changed = members.map((m, index) =>
      index === 0 ? { ...m, people: m.people.map((p) => ({ ...p, position: 'CEO' })) } : m,
    );
    const again = poolWorkspace(changed, first);
    const untouched = again.persons.filter((p) => first.persons.includes(p));
    expect(untouched.length).toBeGreaterThan(0);
    for (const member of changed) {
      const viewerId = member.node.userId;
      expect(shown(mergeView(again, viewerOverlay(again, viewerId)))).toStrictEqual(
        shown(poolNetwork(viewerId, changed)),
      );
    }
  });

  it("is exactly poolNetwork after a change, built from the last build and each viewer's last overlay", () => {
    let reusedPeople = 0;
    let reusedLinks = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const members = workspace(seed);
      const first = poolWorkspace(members);
      const overlays = new Map(members.map((m) => [m.node.userId, viewerOverlay(first, m.node.userId)]));
      const changed = change(members, seed);
      const again = poolWorkspace(changed, first);
      for (const member of changed) {
        const viewerId = member.node.userId;
        const before = overlays.get(viewerId);
        const overlay = viewerOverlay(again, viewerId, before);
        expect({ seed, viewerId, ...shown(mergeView(again, overlay)) }).toStrictEqual({
          seed,
          viewerId,
          ...shown(poolNetwork(viewerId, changed)),
        });
        const earlier = new Set(before?.persons.values());
        reusedPeople += [...overlay.persons.values()].filter((p) => earlier.has(p)).length;
        const links = [...(before?.companyLinks.values() ?? [])];
        reusedLinks += [...overlay.companyLinks.values()].filter(
          (l) => l.length > 0 && links.includes(l),
        ).length;
      }
    }
    expect(reusedPeople).toBeGreaterThan(100);
    expect(reusedLinks).toBeGreaterThan(20);
  });

  it('refuses a viewer who is not a member, as poolNetwork does', () => {
    const shared = poolWorkspace(workspace(3));
    expect(() => viewerOverlay(shared, 999)).toThrow('The viewer 999 is not a member');
  });
});

describe('one shared build per workspace: by hand', () => {
  const user = (userId: number): Connection =>
    buildConnection({ id: `u${userId}`, userId, firstName: `M${userId}`, isUser: true, knownBy: [] });
  const record = (userId: number, fields: Partial<Connection>): Connection =>
    buildConnection({ id: freshId(), userId, knownBy: [userId], ...fields });
  const member = (userId: number, people: Connection[], sharing: SharingLevel = 'names'): PoolMember => ({
    node: user(userId),
    sharing,
    people,
  });

  it('gives the viewer their own record, notes, URL and degree 1, and strangers the shared node', () => {
    const url = 'https://www.linkedin.com/in/ben';
    const mine = record(1, { firstName: 'Ben', linkedinUrl: url, notes: 'met at a fair', company: 'Acme' });
    const anas = record(2, { firstName: 'Ben', linkedinUrl: url, company: 'Globex' });
    const members = [member(2, [anas]), member(1, [mine])];
    const forMe = viewed(members, 1);
    const forAna = viewed(members, 2);
    expect(forMe.people).toEqual([
      expect.objectContaining({
        id: mine.id,
        userId: 1,
        notes: 'met at a fair',
        linkedinUrl: url,
        connectionDegree: 1,
        knownBy: [1, 2],
        company: 'Acme',
      }),
    ]);
    expect(forAna.people).toEqual([
      expect.objectContaining({
        id: anas.id,
        userId: 2,
        notes: null,
        linkedinUrl: url,
        connectionDegree: 1,
        knownBy: [2, 1],
        company: 'Globex',
      }),
    ]);
    // Each viewer's own record decides the company, so the companies follow.
    expect(forMe.companies).toEqual([{ name: 'Acme', key: 'acme', count: 1 }]);
    expect(forAna.companies).toEqual([{ name: 'Globex', key: 'globex', count: 1 }]);
  });

  it('shows a viewer on counts their own people, which the others only count (and name no small company)', () => {
    const vault = record(3, { firstName: 'Vera', company: 'Vault Inc' });
    const members = [member(1, []), member(3, [vault], 'counts')];
    expect(viewed(members, 1)).toMatchObject({ people: [], companies: [], otherCompanyPeople: 1 });
    expect(viewed(members, 3)).toMatchObject({
      people: [expect.objectContaining({ id: vault.id, connectionDegree: 1, knownBy: [3] })],
      companies: [{ name: 'Vault Inc', key: 'vault', count: 1 }],
      otherCompanyPeople: 0,
    });
  });

  it('names a company from counts-only people once 3 work there, for the viewers who do not know them', () => {
    const globex = [0, 1, 2].map((n) => record(3, { firstName: `G${n}`, company: 'Globex' }));
    const members = [
      member(1, []),
      member(2, [globex[0] as Connection], 'counts'),
      member(3, globex, 'counts'),
    ];
    // For 1 all three are counted only; for 2 (on counts too) one is theirs, so shown, and the
    // two left counted only are too few to name Globex.
    expect(viewed(members, 1)).toMatchObject({
      companies: [{ key: 'globex', count: 3 }],
      otherCompanyPeople: 0,
    });
    expect(viewed(members, 2)).toMatchObject({
      companies: [{ key: 'globex', count: 1 }],
      otherCompanyPeople: 2,
    });
    for (const viewerId of [1, 2, 3])
      expect(shown(viewed(members, viewerId))).toStrictEqual(shown(poolNetwork(viewerId, members)));
  });

  it("re-links a company the viewer's record puts someone into, with the viewer's ids", () => {
    const url = 'https://www.linkedin.com/in/cleo';
    const members = [
      member(1, [record(1, { firstName: 'Cleo', linkedinUrl: url, company: 'Initech', position: 'CEO' })]),
      member(2, [
        record(2, { firstName: 'Cleo', linkedinUrl: url, company: 'Hooli', position: 'CEO' }),
        record(2, { firstName: 'Dan', company: 'Initech', position: 'Software Engineer' }),
      ]),
    ];
    const forMe = viewed(members, 1);
    const cleo = forMe.people.find((p) => p.firstName === 'Cleo') as Connection;
    expect(forMe.companyLinks).toEqual([
      expect.objectContaining({ sourceId: cleo.id, company: 'Initech', type: 'company-role', userId: 1 }),
    ]);
    expect(viewed(members, 2).companyLinks).toEqual([]);
  });
});
