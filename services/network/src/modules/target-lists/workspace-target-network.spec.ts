import { describe, expect, it } from '@jest/globals';
import type {
  Connection,
  SharingLevel,
  Target,
  TargetCorrection,
  TargetResultRow,
} from '@warmpath/contracts';
import {
  countNewWaysIn,
  markNewWaysIn,
  matchTargetsWithIndex,
  mergeView,
  poolWorkspace,
  rankTargetResults,
  readerTargetIndex,
  type SharedPool,
  sharedTargetIndex,
  summariseTargetResults,
  targetCompanyKey,
  TargetPeopleIndex,
  targetSeenSnapshot,
  viewerOverlay,
  withSuggestions,
} from '@warmpath/domain';
import { seededRandom } from '@warmpath/testing';
import { buildConnectionRow } from '../graph/network-rows.testing.js';
import { toConnection, toOwnNode } from '../graph/network-view.mapper.js';
import { PooledTeamNetwork, type TeamState } from '../team-graph/team-networks.service.js';
import { pooledTargetNetwork } from './target-networks.testing.js';
import { workspaceTargetNetwork } from './target-networks.js';

// docs/targets.md "Workspace lists: one index per workspace version": matching a workspace list
// against the version's shared build with the reader's overlay gives exactly what matching the
// reader's pooled network gave (the reference kept in target-networks.testing.ts): the same ranked
// rows (people, connectors, warmth, hidden counts, suggestions), totals and new ways in, for every
// reader, every sharing level and after a member's import.

const NOW = new Date('2026-06-01T00:00:00Z');
const LEVELS: readonly SharingLevel[] = ['counts', 'names', 'profiles', 'emails'];
const COMPANIES = ['Acme', 'ACME Inc.', 'The Acme', 'Acme Labs', 'AcmeLabs', 'Globex', 'Initech', 'Umbrella'];
const COMPANIES_MORE = [...COMPANIES, 'Hooli', 'Vandelay', 'Stark', 'Wayne', 'Tyrell', 'Soylent'];
const DOMAINS = ['acme.com', 'uk.acme.com', 'globex.com', 'gmail.com', 'acmelabs.io', 'initech.co.uk'];
const FIRST = ['Ana', 'Ben', 'Cy', 'Dee', 'Eli', 'Fay', 'Gus'];
const LAST = ['Lopez', 'Kim', 'Ng', 'Roe'];

type Random = () => number;
const pick = <T>(random: Random, values: readonly T[]): T =>
  values[Math.floor(random() * values.length)] as T;

interface Universe {
  first: string;
  last: string;
  url: string | null;
}

let nextId = 1;

/** A member's record of a universe person, with the fields members disagree on. */
function record(random: Random, owner: number, person: Universe): Connection {
  const withScore = random() < 0.4;
  const connection = toConnection(
    buildConnectionRow({
      id: String(nextId++),
      owner_user_id: owner,
      first_name: person.first,
      last_name: person.last,
      company: random() < 0.1 ? null : pick(random, COMPANIES_MORE.slice(0, 4 + Math.floor(random() * 10))),
      email: random() < 0.5 ? `${person.first.toLowerCase()}@${pick(random, DOMAINS)}` : null,
      linkedin_url: random() < 0.85 ? person.url : null,
      seniority: 1 + Math.floor(random() * 8),
      has_worked_with: random() < 0.2,
    }),
    NOW,
  );
  const score = Math.floor(random() * 100);
  return {
    ...connection,
    yearsConnected: Math.floor(random() * 12),
    ...(withScore
      ? { strength: { score, band: score >= 40 ? 'strong' : score >= 20 ? 'medium' : 'weak' } }
      : {}),
  } as Connection;
}

function workspace(seed: number, size: number) {
  const random = seededRandom(seed);
  const universe: Universe[] = Array.from({ length: 40 }, (_, i) => ({
    first: pick(random, FIRST),
    last: pick(random, LAST),
    // Some people have no profile URL: they meet on name and company, or not at all.
    url: random() < 0.7 ? `https://www.linkedin.com/in/p${seed}-${i}` : null,
  }));
  const members = Array.from({ length: size }, (_, m) => {
    const userId = m + 1;
    const people = universe.filter(() => random() < 0.35).map((person) => record(random, userId, person));
    return {
      userId,
      sharing: m < LEVELS.length ? (LEVELS[m] as SharingLevel) : pick(random, LEVELS),
      people,
    };
  });
  return { random, universe, members };
}

const profile = (id: number) => ({
  id,
  firstName: `M${id}`,
  lastName: 'Member',
  email: `m${id}@example.com`,
  avatarUrl: null,
  createdAt: '2026-01-01T00:00:00.000Z',
});

type Members = ReturnType<typeof workspace>['members'];
const pool = (members: Members, previous?: SharedPool) =>
  poolWorkspace(
    members.map((member) => ({
      node: toOwnNode(profile(member.userId)),
      sharing: member.sharing,
      people: member.people,
    })),
    previous,
  );

function targets(random: Random, universe: readonly Universe[]): Target[] {
  const out: Target[] = [];
  for (let line = 2; line < 40; line++) {
    const kind = random();
    const person = pick(random, universe);
    if (kind < 0.45)
      out.push({
        kind: 'company',
        line,
        name:
          random() < 0.85
            ? pick(random, [...COMPANIES_MORE, 'acme', 'The Globex', 'Nowhere Ltd', 'Acme Lab'])
            : null,
        domain: random() < 0.4 ? pick(random, [...DOMAINS, 'acme-labs.com', 'nowhere.org']) : null,
        linkedinUrl: random() < 0.15 ? 'https://www.linkedin.com/company/acme-labs' : null,
      } as Target);
    else if (kind < 0.7)
      out.push({
        kind: 'person',
        line,
        profileUrl: person.url ?? `https://www.linkedin.com/in/nobody-${line}`,
        firstName: null,
        lastName: null,
        company: null,
      });
    else
      out.push({
        kind: 'person',
        line,
        profileUrl: null,
        firstName: person.first,
        lastName: person.last,
        company: pick(random, COMPANIES_MORE),
      });
  }
  return out;
}

const corrections = (random: Random): TargetCorrection[] =>
  random() < 0.5
    ? [
        { line: 3, companyKey: targetCompanyKey('Globex') },
        { line: 5, companyKey: null },
        { line: 7, companyKey: targetCompanyKey('Acme') },
      ]
    : [];

/** A list's rows by the reference: the reader's pooled network, indexed on its own. */
function referenceRows(shared: SharedPool, viewerId: number, list: Target[], fixes: TargetCorrection[]) {
  const overlay = viewerOverlay(shared, viewerId);
  const state = { viewerId, teamId: 1, fingerprint: `f${viewerId}` } as TeamState;
  const network = pooledTargetNetwork(
    new PooledTeamNetwork(state, mergeView(shared, overlay), { shared, overlay }),
  );
  return rankTargetResults(
    matchTargetsWithIndex(list, network.index, {
      corrections: fixes,
      ties: network.ties,
      countedOnly: network.countedOnly,
      suggester: network.suggester,
    }),
  );
}

/**
 * The same list by the shared build with the reader's overlay, as the service matches it: of
 * workspace `teamId`, so a version's index reuses the last one the workspace's readers read.
 */
function sharedRows(
  shared: SharedPool,
  viewerId: number,
  list: Target[],
  fixes: TargetCorrection[],
  teamId?: number,
) {
  const network = workspaceTargetNetwork(shared, viewerId, teamId);
  const rows = rankTargetResults(
    matchTargetsWithIndex(list, network.index, {
      corrections: fixes,
      suggestions: 0,
      blocks: network.blocks,
      ...(network.ties ? { ties: network.ties } : {}),
      ...(network.hidden ? { hidden: network.hidden } : {}),
    }),
  );
  // Suggestions as a page read fills them, for every row.
  return withSuggestions(rows, network.suggester);
}

function expectSame(actual: TargetResultRow[], expected: TargetResultRow[]) {
  expect(actual).toEqual(expected);
  expect(summariseTargetResults(actual)).toEqual(summariseTargetResults(expected));
}

/** A member's network after an import: every record a new object, some gone, changed or new. */
function reimported(random: Random, member: Members[number], universe: readonly Universe[]): Connection[] {
  const kept = member.people
    .filter(() => random() < 0.9)
    .map((person) => {
      const change = random();
      if (change < 0.1) return { ...person, company: pick(random, COMPANIES_MORE) };
      if (change < 0.15) return { ...person, seniority: 1 + Math.floor(random() * 8) } as Connection;
      if (change < 0.2) return { ...person, yearsConnected: Math.floor(random() * 12) };
      return { ...person };
    });
  return [
    ...kept,
    ...universe.filter(() => random() < 0.3).map((person) => record(random, member.userId, person)),
  ];
}

/**
 * A gentler import, as most are: every record a new object, a few changed, new people after
 * them, none gone, so the people the versions share stay in order and the indexes are patched.
 */
function reimportedGently(
  random: Random,
  member: Members[number],
  universe: readonly Universe[],
): Connection[] {
  const kept = member.people.map((person) => {
    const change = random();
    if (change < 0.05) return { ...person, company: pick(random, COMPANIES_MORE) };
    if (change < 0.1) return { ...person, seniority: 1 + Math.floor(random() * 8) } as Connection;
    return { ...person };
  });
  return [
    ...kept,
    ...universe.filter(() => random() < 0.05).map((person) => record(random, member.userId, person)),
  ];
}

describe('a workspace list matched against the shared build with the reader overlay', () => {
  it.each(Array.from({ length: 30 }, (_, seed) => seed + 1))(
    'gives exactly the pooled network rows, totals and new ways in (workspace %i)',
    (seed) => {
      const { random, universe, members } = workspace(seed, 4 + (seed % 3));
      const lists = [targets(random, universe), targets(random, universe)];
      const fixes = lists.map(() => corrections(random));
      const first = pool(members);
      const readers = members.map((member) => member.userId);
      const seen = new Map<string, ReturnType<typeof targetSeenSnapshot>>();
      // Readers one after another on one build: the ranked companies they share are reused.
      for (const viewerId of readers)
        lists.forEach((list, l) => {
          const expected = referenceRows(first, viewerId, list, fixes[l] as TargetCorrection[]);
          expectSame(sharedRows(first, viewerId, list, fixes[l] as TargetCorrection[], seed), expected);
          seen.set(`${viewerId}:${l}`, targetSeenSnapshot(expected));
        });

      // A member's import: their network reloaded (new objects), some records gone or changed,
      // new records of people (some already known to others), a new version built from the last
      // one, as TeamNetworks builds it; the index reuses the last version's where equal.
      const importer = members[1 + (seed % (members.length - 1))] as Members[number];
      const reload = seed % 2 ? reimported : reimportedGently;
      const imported = members.map((member) =>
        member === importer ? { ...member, people: reload(random, member, universe) } : member,
      );
      const second = pool(imported, first);
      for (const viewerId of readers.slice().reverse())
        lists.forEach((list, l) => {
          const snapshot = seen.get(`${viewerId}:${l}`) ?? {};
          const expected = referenceRows(second, viewerId, list, fixes[l] as TargetCorrection[]);
          const actual = sharedRows(second, viewerId, list, fixes[l] as TargetCorrection[], seed);
          expectSame(actual, expected);
          expect(countNewWaysIn(actual, snapshot)).toBe(countNewWaysIn(expected, snapshot));
          expect(markNewWaysIn(actual, snapshot)).toEqual(markNewWaysIn(expected, snapshot));
        });
    },
  );

  it('covers what the random workspaces are about: hidden counts, counts-only members, suggestions', () => {
    let hidden = 0;
    let suggestions = 0;
    let covered = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const { random, universe, members } = workspace(seed, 4 + (seed % 3));
      const list = targets(random, universe);
      const shared = pool(members);
      for (const member of members) {
        const rows = sharedRows(shared, member.userId, list, []);
        hidden += rows.filter((row) => row.hiddenPeopleCount > 0).length;
        suggestions += rows.filter((row) => row.suggestions.length > 0).length;
        covered += rows.filter((row) => row.covered).length;
        // A member on counts is never anybody else's connector.
        const onCounts = members.filter((m) => m.sharing === 'counts' && m.userId !== member.userId);
        for (const row of rows)
          for (const connector of [row.bestConnector, ...row.otherConnectors])
            expect(onCounts.map((m) => m.userId)).not.toContain(connector?.userId);
      }
    }
    expect(hidden).toBeGreaterThan(0);
    expect(suggestions).toBeGreaterThan(0);
    expect(covered).toBeGreaterThan(0);
  });

  it("keeps the last version's people and lists where an import left them equal", () => {
    let carriedNodes = 0;
    let carriedLists = 0;
    let newLists = 0;
    let patched = 0;
    let readersPatched = 0;
    for (let seed = 1; seed <= 10; seed++) {
      const { random, universe, members } = workspace(seed, 4 + (seed % 3));
      const first = pool(members);
      const before = sharedTargetIndex(first);
      for (const member of members) readerTargetIndex(first, member.userId);
      const importer = members[1] as Members[number];
      const reload = seed % 2 ? reimported : reimportedGently;
      const imported = members.map((member) =>
        member === importer ? { ...member, people: reload(random, member, universe) } : member,
      );
      const second = pool(imported, first);
      const after = sharedTargetIndex(second, before.carry);
      // A person the importer knows is pooled anew: their node is the last version's when equal
      // (kept by the build itself, or by the index's carry).
      const lastNodes = new Set(first.persons.map((_, group) => before.nodeOf(group)));
      second.persons.forEach((person, group) => {
        if (person.node && !first.persons.includes(person) && lastNodes.has(after.nodeOf(group)))
          carriedNodes += 1;
      });
      for (const [key, list] of after.people.byCompany)
        if (before.people.byCompany.get(key) === list) carriedLists += 1;
        else newLists += 1;
      expect(after.blocks).toBe(before.blocks);
      // Patched from the last version's index (or built anew): the very lists a build gives.
      if (after.people.patched) patched += 1;
      const rebuilt = new TargetPeopleIndex(after.people.people);
      for (const lists of ['byCompany', 'byDomain'] as const) {
        expect(after.people[lists].size).toBe(rebuilt[lists].size);
        for (const [key, list] of rebuilt[lists]) expect(after.people[lists].get(key)).toEqual(list);
      }
      expect(new Map(after.people.companyNames)).toEqual(rebuilt.companyNames);
      for (const member of members)
        if (readerTargetIndex(second, member.userId, before.carry).patched) readersPatched += 1;
      expect([...after.ties.keys()].sort()).toEqual([...after.groupOfNode.keys()].map((p) => p.id).sort());
    }
    expect(patched).toBeGreaterThan(0);
    expect(readersPatched).toBeGreaterThan(0);
    expect(carriedNodes).toBeGreaterThan(0);
    expect(carriedLists).toBeGreaterThan(0);
    expect(newLists).toBeGreaterThan(0);
  });

  it('is built once per build and reader, and refuses a non-member', () => {
    const { members } = workspace(99, 4);
    const shared = pool(members);
    expect(workspaceTargetNetwork(shared, 1)).toBe(workspaceTargetNetwork(shared, 1));
    expect(workspaceTargetNetwork(shared, 2).blocks).toBe(workspaceTargetNetwork(shared, 1).blocks);
    expect(() => workspaceTargetNetwork(shared, 77)).toThrow('not a member');
  });
});
