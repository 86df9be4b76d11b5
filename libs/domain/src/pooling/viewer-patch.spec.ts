import { describe, expect, it } from '@jest/globals';
import type { Connection, SharingLevel, TeamNetworkData } from '@warmpath/contracts';
import { buildConnection } from '../../test/build-connection.js';
import { change, freshId, workspace } from '../../test/random-workspace.js';
import { companyKey } from '../company/company-key.js';
import { decodeNetwork, encodeNetwork, type WireNetwork } from '../network-codec/index.js';
import { topCompanies } from '../search/search-connections.js';
import { applyViewerPatch } from './apply-viewer-patch.js';
import type { MemberRecord } from './person-identity.js';
import { HIDDEN_KNOWER, poolNetwork, type PoolMember } from './pool-network.js';
import { personOf } from './pool-person.js';
import { pooledWireNetwork } from './pooled-wire.js';
import { baseNetwork } from './shared-base.js';
import { poolWorkspace, type SharedPool } from './shared-pool.js';
import { PLACE_IN_ORDER, viewerPatch, viewerPatchInSlices, type ViewerPatch } from './viewer-patch.js';

const TEAM = 7;

/** What the browser gets today: the viewer's pooling, compact on the wire, decoded. */
const reference = (viewerId: number, members: readonly PoolMember[]): WireNetwork =>
  decodeNetwork(
    encodeNetwork(pooledWireNetwork(poolNetwork(viewerId, members), TEAM), { companyLinksOwner: viewerId }),
  );

/** The viewer's records as their own network's compact form gives them (GET /api/network). */
function ownRecords(member: PoolMember): Connection[] {
  const own = { connections: [member.node, ...member.people], relationships: [], companies: [] };
  return decodeNetwork(encodeNetwork(own)).connections.slice(1);
}

/** The base as every reader gets it: encoded, JSON on the wire, decoded. */
const wireBase = (shared: SharedPool): WireNetwork =>
  decodeNetwork(JSON.parse(JSON.stringify(encodeNetwork(baseNetwork(shared, TEAM)))));

const wirePatch = (shared: SharedPool, viewerId: number): ViewerPatch =>
  JSON.parse(JSON.stringify(viewerPatch(shared, viewerId))) as ViewerPatch;

const memberOf = (members: readonly PoolMember[], viewerId: number): PoolMember =>
  members.find((m) => m.node.userId === viewerId) as PoolMember;

/** The viewer's network assembled as the browser's data worker would. */
const assembled = (shared: SharedPool, members: readonly PoolMember[], viewerId: number): TeamNetworkData =>
  applyViewerPatch(wireBase(shared), ownRecords(memberOf(members, viewerId)), wirePatch(shared, viewerId));

/** Every text a value holds (link ends and link ids aside: they only name what is there). */
function texts(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === 'string') into.add(value);
  else if (Array.isArray(value)) for (const item of value) texts(item, into);
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value))
      if (key !== 'sourceId' && key !== 'targetId' && !(key === 'id' && 'sourceId' in value))
        texts(item, into);
  return into;
}

const RANK: Record<SharingLevel, number> = { counts: 0, names: 1, profiles: 2, emails: 3 };

/**
 * What teammates sharing `names` or more show the workspace of the people the viewer knows too:
 * the fields of their records their level lets through (never notes). The base, the same for
 * everyone, shows them to a viewer who also knows the person (docs/workspace-network.md).
 */
function coKnown(shared: SharedPool, viewerId: number): Set<string> {
  const viewer = shared.members.findIndex((m) => m.node.userId === viewerId);
  const granted = new Set<string>();
  for (const group of shared.groups) {
    if (!group.some((r) => r.member === viewer)) continue;
    for (const record of group as MemberRecord[]) {
      const member = shared.members[record.member] as PoolMember;
      if (record.member === viewer || member.sharing === 'counts') continue;
      const { notes: _notes, linkedinUrl, email, signals, ...fields } = personOf(shared.members, record);
      texts(fields, granted);
      // and the key of their company, which the base's companies name
      const key = companyKey(fields.company);
      if (key !== null) granted.add(key);
      if (RANK[member.sharing] >= RANK.profiles && linkedinUrl) granted.add(linkedinUrl);
      if (member.sharing === 'emails') texts([email, signals], granted);
    }
  }
  return granted;
}

describe('one snapshot per workspace version: applyViewerPatch(base, own records, viewerPatch)', () => {
  it("is exactly the viewer's pooled network for every member of 150 random workspaces", () => {
    let viewers = 0;
    let hidden = 0;
    let notInBase = 0;
    for (let seed = 1; seed <= 150; seed++) {
      const members = workspace(seed);
      const shared = poolWorkspace(members);
      for (const member of members) {
        const viewerId = member.node.userId;
        const expected = reference(viewerId, members);
        // Same people, links, companies and workspace, in the same order, field for field.
        expect({ seed, viewerId, ...assembled(shared, members, viewerId) }).toStrictEqual({
          seed,
          viewerId,
          ...expected,
        });
        viewers++;
        if (expected.connections.some((p) => p.knownBy.includes(HIDDEN_KNOWER))) hidden++;
        if (viewerPatch(shared, viewerId).entries.base.includes(-1)) notInBase++;
      }
    }
    // The generator reaches what the comparison is about.
    expect(viewers).toBeGreaterThan(450);
    expect(hidden).toBeGreaterThan(40);
    expect(notInBase).toBeGreaterThan(40);
  });

  it('is exactly the pooled network after a change, from a build made from the last one', () => {
    let viewers = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const members = workspace(seed);
      const changed = change(members, seed);
      const again = poolWorkspace(changed, poolWorkspace(members));
      for (const member of changed) {
        const viewerId = member.node.userId;
        expect({ seed, viewerId, ...assembled(again, changed, viewerId) }).toStrictEqual({
          seed,
          viewerId,
          ...reference(viewerId, changed),
        });
        viewers++;
      }
    }
    expect(viewers).toBeGreaterThan(180);
  });

  it('makes the same patches when two are made at once and one is left unfinished', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const members = workspace(seed);
      const shared = poolWorkspace(members);
      const ids = members.map((member) => member.node.userId);
      const alone = ids.map((viewerId) => JSON.stringify(viewerPatch(shared, viewerId)));
      // Left after its first slice: what it marked is never cleared, nor given back.
      viewerPatchInSlices(shared, ids[0] as number).next();
      for (let at = 0; at < ids.length; at += 2) {
        const pair = ids.slice(at, at + 2).map((viewerId) => viewerPatchInSlices(shared, viewerId));
        const done: (ViewerPatch | undefined)[] = [];
        while (done.length < pair.length || done.includes(undefined))
          pair.forEach((steps, i) => {
            if (done[i]) return;
            const step = steps.next();
            done[i] = step.done ? step.value : undefined;
          });
        expect(done.map((patch) => JSON.stringify(patch))).toEqual(alone.slice(at, at + 2));
      }
    }
  });

  it("shows a viewer nothing of a counts-only member's people but counts, and no URL, e-mail or notes past the levels", () => {
    let extras = 0;
    for (let seed = 1; seed <= 150; seed++) {
      const members = workspace(seed);
      const shared = poolWorkspace(members);
      const base = wireBase(shared);
      const people = base.connections.slice(members.length);
      // No person only members on counts know; companies of the people shown only.
      for (const person of people)
        expect(person.knownBy.some((knower) => knower !== HIDDEN_KNOWER)).toBe(true);
      expect(base.companies).toStrictEqual(topCompanies(people, Number.MAX_SAFE_INTEGER));
      for (const member of members) {
        const viewerId = member.node.userId;
        const view = reference(viewerId, members);
        const patch = wirePatch(shared, viewerId);
        // The patch says only what the viewer's pooled network says.
        const seen = texts(view);
        // (bar the keys of the base's companies it drops: the base named them already)
        const dropped = new Set(patch.companies.drop);
        for (const key of dropped) expect(base.companies.map((c) => c.key)).toContain(key);
        expect(
          [...texts(patch)].filter((t) => !seen.has(t) && !dropped.has(t) && t !== patch.format),
        ).toEqual([]);
        for (const company of patch.companies.set) expect(view.companies).toContainEqual(company);
        for (const key of patch.companies.drop) expect(view.companies.map((c) => c.key)).not.toContain(key);
        for (const list of patch.knownByLists)
          expect(view.connections.some((p) => p.knownBy.join() === list.join())).toBe(true);
        // The base says nothing else but what sharing teammates show of people the viewer knows too.
        const granted = coKnown(shared, viewerId);
        const beyond = [...texts(base)].filter((t) => !seen.has(t));
        expect({ seed, viewerId, beyond: beyond.filter((t) => !granted.has(t)) }).toEqual({
          seed,
          viewerId,
          beyond: [],
        });
        if (beyond.length > 0) extras++;
      }
    }
    // That one difference is real: the doc says so.
    expect(extras).toBeGreaterThan(0);
  });

  it('refuses a patch made for other records, another base or malformed, instead of a wrong view', () => {
    const members = workspace(5);
    const shared = poolWorkspace(members);
    const viewer = members[0] as PoolMember;
    const viewerId = viewer.node.userId;
    const base = wireBase(shared);
    const own = ownRecords(viewer);
    const patch = wirePatch(shared, viewerId);
    expect(() => applyViewerPatch(base, own.slice(1), patch)).toThrow(
      "The viewer patch was made for another version of the viewer's records",
    );
    const renamed = own.map((p, i) => (i === 0 ? { ...p, id: `${p.id}0` } : p));
    expect(() => applyViewerPatch(base, renamed, patch)).toThrow('another version of the viewer');
    const other = { ...base, connections: base.connections.slice(0, -1) };
    expect(() => applyViewerPatch(other, own, patch)).toThrow('The viewer patch was made for another base');
    expect(() => applyViewerPatch(base, own, { ...patch, version: 99 })).toThrow('Unsupported viewer patch');
    const short = { ...patch, entries: { ...patch.entries, base: patch.entries.base.slice(1) } };
    expect(() => applyViewerPatch(base, own, short)).toThrow("The viewer patch's base people is not");
    const [first, second] = patch.entries.base.flatMap((b, entry) => (b >= 0 ? [entry] : []));
    const twice = [...patch.entries.base];
    twice[second as number] = twice[first as number] as number;
    expect(() =>
      applyViewerPatch(base, own, { ...patch, entries: { ...patch.entries, base: twice } }),
    ).toThrow('twice');
    const far = {
      ...patch,
      entries: { ...patch.entries, record: [own.length, ...patch.entries.record.slice(1)] },
    };
    expect(() => applyViewerPatch(base, own, far)).toThrow('a record the viewer does not have');
    expect(() => applyViewerPatch(base, own, { ...patch, viewerId: 999 })).toThrow(
      'not a member of this base',
    );
    expect(() => viewerPatch(shared, 999)).toThrow('The viewer 999 is not a member');
  });
});

describe('one snapshot per workspace version: by hand', () => {
  const user = (userId: number): Connection =>
    buildConnection({
      id: `u${userId}`,
      userId,
      firstName: `M${userId}`,
      email: `m${userId}@example.com`,
      isUser: true,
      knownBy: [],
    });
  const record = (userId: number, fields: Partial<Connection>): Connection =>
    buildConnection({ id: freshId(), userId, knownBy: [userId], ...fields });
  const member = (userId: number, people: Connection[], sharing: SharingLevel = 'names'): PoolMember => ({
    node: user(userId),
    sharing,
    people,
  });
  const exact = (members: PoolMember[]): void => {
    const shared = poolWorkspace(members);
    for (const { node } of members)
      expect({ viewerId: node.userId, ...assembled(shared, members, node.userId) }).toStrictEqual({
        viewerId: node.userId,
        ...reference(node.userId, members),
      });
  };
  const json = (value: unknown): string => JSON.stringify(value);

  it("names no small company and no person of a counts-only member in the base or the others' patches", () => {
    const vera = record(3, { firstName: 'Vera', lastName: 'Secret', company: 'Vault Inc' });
    const globex = [0, 1, 2].map((n) =>
      record(3, { firstName: `Gina${n}`, lastName: 'Hidden', company: 'Globex' }),
    );
    const members = [
      member(1, [record(1, { firstName: 'Ann', company: 'Initech' })]),
      member(2, [record(2, { firstName: 'Bo', company: 'Initech' })], 'emails'),
      member(3, [vera, ...globex], 'counts'),
    ];
    exact(members);
    const shared = poolWorkspace(members);
    const text =
      json(encodeNetwork(baseNetwork(shared, TEAM))) +
      json(viewerPatch(shared, 1)) +
      json(viewerPatch(shared, 2));
    for (const secret of ['Vault', 'Vera', 'Secret', 'Gina', 'Hidden']) expect(text).not.toContain(secret);
    // Globex is named from 3 counted-only people, for the viewers who know none of them: in their patch.
    expect(assembled(shared, members, 1)).toMatchObject({
      companies: [
        { key: 'globex', count: 3 },
        { key: 'initech', count: 2 },
      ],
      workspace: { otherCompanyPeople: 1 },
    });
    expect(baseNetwork(shared, TEAM).companies).toEqual([{ name: 'Initech', key: 'initech', count: 2 }]);
    // Their own viewer sees them all, and their companies.
    expect(assembled(shared, members, 3).connections.map((p) => p.firstName)).toEqual(
      expect.arrayContaining(['Vera', 'Gina0', 'Gina1', 'Gina2']),
    );
  });

  it('shows a viewer on counts a person only members on counts know, in its place, known by a hidden teammate', () => {
    const url = 'https://www.linkedin.com/in/quinn';
    const members = [
      // 1 knows Quinn by name + company only (no URL), Rae by URL; 3 knows both by URL; both on
      // counts, so neither person is in the base.
      member(
        1,
        [
          record(1, { firstName: 'Rae', company: 'Acme', linkedinUrl: 'https://www.linkedin.com/in/rae' }),
          record(1, { firstName: 'Quinn', lastName: 'Q', company: 'Hooli' }),
        ],
        'counts',
      ),
      member(2, [record(2, { firstName: 'Sam', linkedinUrl: 'https://www.linkedin.com/in/sam' })]),
      member(
        3,
        [
          record(3, { firstName: 'Quinn', lastName: 'Q', company: 'Hooli', linkedinUrl: url }),
          record(3, { firstName: 'Rae', company: 'Acme', linkedinUrl: 'https://www.linkedin.com/in/rae' }),
        ],
        'counts',
      ),
    ];
    exact(members);
    const shared = poolWorkspace(members);
    const patch = viewerPatch(shared, 1);
    // Neither is in the base; Quinn's group was met on 3's URL, so Quinn goes in the base's order.
    expect(patch.entries.base).toEqual([-1, -1]);
    expect(patch.entries.place).toContain(PLACE_IN_ORDER);
    const view = assembled(shared, members, 1);
    expect(view.connections.find((p) => p.firstName === 'Quinn')).toMatchObject({
      connectionDegree: 1,
      knownBy: [1, HIDDEN_KNOWER],
      linkedinUrl: null,
    });
  });

  it("puts duplicates by URL and by name + company into one person, the viewer's first record", () => {
    const url = 'https://www.linkedin.com/in/dana';
    const dana = (userId: number, fields: Partial<Connection>) =>
      record(userId, { firstName: 'Dana', lastName: 'Lee', company: 'Globex', ...fields });
    const members = [
      member(1, [
        dana(1, { notes: 'second record' }),
        dana(1, { linkedinUrl: 'HTTP://LINKEDIN.COM/IN/DANA/?trk=x', notes: 'first' }),
        dana(1, { linkedinUrl: url }),
      ]),
      member(2, [dana(2, { company: 'Globex Inc', linkedinUrl: url, email: 'd@x.io' })], 'emails'),
      member(4, [dana(4, { firstName: 'DANA', company: 'globex', position: 'CEO' })], 'profiles'),
    ];
    exact(members);
    const view = assembled(poolWorkspace(members), members, 1);
    expect(view.connections.filter((p) => !p.isUser && !p.isTeammate)).toEqual([
      expect.objectContaining({ notes: 'first', knownBy: [1, 2, 4], email: 'd@x.io' }),
    ]);
  });

  it('is exact for members on every sharing level, each as the viewer', () => {
    const levels: SharingLevel[] = ['counts', 'names', 'profiles', 'emails'];
    const people = Array.from({ length: 12 }, (_, n) => ({
      firstName: `P${n}`,
      company: ['Acme', 'Globex', 'Initech'][n % 3] as string,
      linkedinUrl: n % 4 === 0 ? null : `https://www.linkedin.com/in/p${n}`,
    }));
    const members = levels.map((sharing, index) =>
      member(
        index + 1,
        people
          .filter((_, n) => (n + index) % 3 !== 0)
          .map((p) =>
            record(index + 1, {
              ...p,
              email: `${p.firstName}.${index}@x.io`,
              strength: { score: 40 + index, band: 'medium' },
            }),
          ),
        sharing,
      ),
    );
    exact(members);
    const shared = poolWorkspace(members);
    const base = json(encodeNetwork(baseNetwork(shared, TEAM)));
    // The base carries e-mails only of the member sharing them, URLs of those sharing profiles.
    expect(base).not.toMatch(/\.[012]@x\.io/);
    expect(base).toMatch(/\.3@x\.io/);
  });
});
