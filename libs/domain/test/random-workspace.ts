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
