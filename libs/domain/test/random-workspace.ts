import type { Connection, SharingLevel } from '@warmpath/contracts';
import { positionInfo } from '../src/position/function-category.js';
import type { PoolMember } from '../src/pooling/pool-person.js';
import { emptyArchiveSignals } from '../src/warmth/archive-signals.js';
import { buildConnection } from './build-connection.js';
import { seededRandom } from './random.js';

// Random workspaces: 2-6 members (a source's negative id among them), overlapping people with and
// without profile URLs, URLs spelled differently, name + company matches and ambiguous names, one
// member's record at another company than the others', every sharing level, notes, e-mails,
// strengths and signals; sometimes one company big enough for the large-company link rules.
export const LEVELS: readonly SharingLevel[] = ['counts', 'names', 'profiles', 'emails'];
const COMPANIES = [
  ['Acme', 'ACME, Inc.', ' acme '],
  ['Globex'],
  ['Initech', 'Initech LLC'],
  ['Vault Inc'],
  ['Freelance'],
  ['None'],
  [''],
];
const POSITIONS = [
  'Software Engineer',
  'Sales Director',
  'CEO',
  'Recruiter',
  'Product Manager',
  'VP Engineering',
  null,
];
const BANDS = ['strong', 'medium', 'weak'] as const;

interface UniversePerson {
  firstName: string;
  lastName: string;
  company: number | null;
  url: string | null;
}

let nextId = 5000;

/** A record id no generated record has yet. */
export const freshId = (): string => String(nextId++);

export function workspace(seed: number): PoolMember[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const size = 5 + Math.floor(random() * (random() < 0.2 ? 60 : 25));
  const bigCompany = random() < 0.3;
  const universe: UniversePerson[] = [];
  for (let index = 0; index < size; index++) {
    // Some share a name (and maybe a company) with an earlier person: matches and ambiguity.
    const twin = index > 0 && random() < 0.15 ? universe[Math.floor(random() * index)] : undefined;
    universe.push({
      firstName: twin?.firstName ?? `P${index}`,
      lastName: twin?.lastName ?? pick(['Test', 'Núñez', 'Ortiz']),
      company:
        bigCompany && random() < 0.6 ? 0 : random() < 0.1 ? null : Math.floor(random() * COMPANIES.length),
      url: random() < 0.3 ? null : `https://www.linkedin.com/in/p${index}-${seed}`,
    });
  }
  const count = 2 + Math.floor(random() * 5);
  const ids = new Set<number>();
  while (ids.size < count)
    ids.add(random() < 0.1 ? -1 - Math.floor(random() * 5) : 1 + Math.floor(random() * 20));
  return [...ids].map((userId) => {
    const people: Connection[] = [];
    for (const person of universe) {
      if (random() > 0.5) continue;
      const copies = random() < 0.05 ? 2 : 1;
      for (let copy = 0; copy < copies; copy++) people.push(recordOf(userId, person, random, pick));
    }
    return {
      node: buildConnection({
        id: `u${userId}`,
        userId,
        firstName: `M${userId}`,
        email: `m${userId}@example.com`,
        notes: 'my own notes',
        isUser: true,
        connectionDegree: 0,
        knownBy: [],
      }),
      sharing: pick(LEVELS),
      people: random() < 0.5 ? people : people.reverse(),
    };
  });
}

function recordOf(
  userId: number,
  person: UniversePerson,
  random: () => number,
  pick: <T>(items: readonly T[]) => T,
): Connection {
  const spellings = person.company === null ? [null] : (COMPANIES[person.company] as string[]);
  // Now and then a member has them at another company (their record is older or newer).
  const company = random() < 0.1 ? pick(COMPANIES.flat()) : pick(spellings);
  const url =
    person.url === null || random() < 0.15
      ? null
      : random() < 0.3
        ? `${person.url.replace('https://www.', 'HTTP://').toUpperCase()}/?trk=x`
        : person.url;
  const position = pick(POSITIONS);
  const score = Math.floor(random() * 100);
  return buildConnection({
    id: String(nextId++),
    userId,
    knownBy: [userId],
    firstName: random() < 0.1 ? person.firstName.toUpperCase() : person.firstName,
    lastName: person.lastName,
    company,
    position,
    positionInfo: positionInfo(position),
    linkedinUrl: url,
    email: random() < 0.5 ? `${person.firstName.toLowerCase()}.${userId}@example.com` : null,
    notes: random() < 0.3 ? `notes of ${userId}` : null,
    yearsConnected: random() < 0.2 ? null : Math.floor(random() * 12),
    hasWorkedWith: random() < 0.2,
    createdAt: `2026-0${1 + Math.floor(random() * 9)}-1${Math.floor(random() * 10)}T00:00:00.000Z`,
    ...(random() < 0.4 ? { strength: { score, band: pick(BANDS) } } : {}),
    ...(random() < 0.2
      ? {
          signals: { ...emptyArchiveSignals(), messagesSent: 3, firstMessageOn: '2024-01-02' },
        }
      : {}),
  });
}

/**
 * The workspace after a change: one member's network reloaded (new objects) with one person moved
 * to another position, one dropped and one added, and now and then another member's sharing level.
 */
export function change(members: PoolMember[], seed: number): PoolMember[] {
  const random = seededRandom(seed * 7919);
  const importer = Math.floor(random() * members.length);
  const other = Math.floor(random() * members.length);
  return members.map((member, index) => {
    let next = member;
    if (index === importer) {
      const people = member.people.slice(1).map((person) => ({ ...person }));
      if (people[0]) people[0] = { ...people[0], position: 'CEO', positionInfo: positionInfo('CEO') };
      const added = member.people[1] ?? member.people[0];
      if (added) people.push({ ...added, id: String(nextId++), firstName: 'Newly', linkedinUrl: null });
      next = { ...member, people };
    }
    if (index === other && random() < 0.5)
      next = { ...next, sharing: LEVELS[Math.floor(random() * 4)] as SharingLevel };
    return next;
  });
}

/**
 * The workspace after one member's import: their network reloaded (new objects) with records
 * gone, moved to another company, e-mail or position, URL-less or renamed, 1-6 new ones (half of
 * them met by URL or name in another member's network), now and then in another order. `gentle`:
 * how often an import only adds people (nobody gone or changed), which some caches treat apart.
 */
export function imported(members: readonly PoolMember[], seed: number, gentle = 0): PoolMember[] {
  const random = seededRandom(seed * 104_729);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const importer = Math.floor(random() * members.length);
  // Someone else's record, so a new record may meet another member's person by URL or by name.
  const others = members.flatMap((member, index) => (index === importer ? [] : member.people));
  const onlyAdds = random() < gentle;
  return members.map((member, index) => {
    if (index !== importer) return member;
    const people: Connection[] = [];
    for (const person of member.people) {
      const roll = onlyAdds ? 1 : random();
      if (roll < 0.1) continue;
      if (roll < 0.2)
        people.push({ ...person, company: pick(['Acme', 'Globex Corp', 'Initech', 'Hooli', null]) });
      else if (roll < 0.25) people.push({ ...person, linkedinUrl: null });
      else if (roll < 0.3) people.push({ ...person, firstName: `${person.firstName}x`, linkedinUrl: null });
      else if (roll < 0.35)
        people.push({ ...person, position: 'CEO', createdAt: '2026-11-01T00:00:00.000Z' });
      else if (roll < 0.4) people.push({ ...person, email: `${person.firstName}@hooli.com` });
      else people.push({ ...person });
    }
    const added = 1 + Math.floor(random() * 6);
    for (let n = 0; n < added; n++) {
      const like = others.length > 0 && random() < 0.6 ? pick(others) : undefined;
      people.push(
        buildConnection({
          id: freshId(),
          userId: member.node.userId,
          knownBy: [member.node.userId],
          firstName: like?.firstName ?? `New${n}`,
          lastName: like?.lastName ?? 'Person',
          company: like?.company ?? pick(['Acme', 'Hooli', null]),
          email: random() < 0.3 ? `new${n}@hooli.com` : null,
          linkedinUrl: like && random() < 0.5 ? like.linkedinUrl : null,
        }),
      );
    }
    return { ...member, people: random() < 0.3 ? people.reverse() : people };
  });
}
