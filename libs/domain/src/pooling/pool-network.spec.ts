import { describe, expect, it } from '@jest/globals';
import type { Connection, SharingLevel } from '@warmpath/contracts';
import { buildConnection } from '../../test/build-connection.js';
import { HIDDEN_KNOWER, poolNetwork, type PoolMember } from './pool-network.js';

// Viewer 1 (You), teammates 2 (Ana Lima) and 3 (Carl Diaz).
const userNode = (userId: number, firstName: string, lastName: string): Connection =>
  buildConnection({
    id: `u${userId}`,
    userId,
    firstName,
    lastName,
    email: `${firstName.toLowerCase()}@example.com`,
    isUser: true,
    connectionDegree: 0,
    knownBy: [],
  });

let nextId = 100;
const person = (owner: number, fields: Partial<Connection>): Connection =>
  buildConnection({ id: String(nextId++), userId: owner, knownBy: [owner], ...fields });

const member = (userId: number, people: Connection[], sharing: SharingLevel = 'names'): PoolMember => ({
  node: userNode(
    userId,
    ...({ 1: ['You', 'Self'], 2: ['Ana', 'Lima'], 3: ['Carl', 'Diaz'] }[userId] as [string, string]),
  ),
  sharing,
  people,
});

const named = (pooled: { people: Connection[] }, firstName: string) =>
  pooled.people.filter((p) => p.firstName === firstName);

describe('poolNetwork: one node per person', () => {
  it('matches the same profile URL across members, however it is spelled, into one node known by both', () => {
    const mine = person(1, {
      firstName: 'Ben',
      lastName: 'Ortiz',
      linkedinUrl: 'https://www.linkedin.com/in/ben',
    });
    const anas = person(2, {
      firstName: 'Benjamin',
      lastName: 'Ortiz',
      linkedinUrl: 'HTTP://linkedin.com/in/Ben/?trk=x',
    });
    const pooled = poolNetwork(1, [member(2, [anas]), member(1, [mine])]);
    expect(pooled.people).toHaveLength(1);
    expect(pooled.people[0]).toMatchObject({
      id: mine.id,
      userId: 1,
      firstName: 'Ben',
      connectionDegree: 1,
      knownBy: [1, 2],
    });
  });

  it('matches people without a URL on the exact name and company, folding case, accents and legal form', () => {
    const mine = person(1, { firstName: 'José', lastName: 'Núñez', company: 'Acme, Inc.' });
    const anas = person(2, { firstName: 'jose ', lastName: 'NUNEZ', company: 'ACME' });
    const pooled = poolNetwork(1, [member(1, [mine]), member(2, [anas])]);
    expect(pooled.people).toHaveLength(1);
    expect(pooled.people[0]?.knownBy).toEqual([1, 2]);
  });

  it('never matches on a name alone, nor on the same name at another company', () => {
    const pooled = poolNetwork(1, [
      member(1, [person(1, { firstName: 'Ben', lastName: 'Ortiz', company: null })]),
      member(2, [
        person(2, { firstName: 'Ben', lastName: 'Ortiz', company: null }),
        person(2, { firstName: 'Dan', lastName: 'Wu', company: 'Acme' }),
      ]),
      member(3, [person(3, { firstName: 'Dan', lastName: 'Wu', company: 'Globex' })]),
    ]);
    expect(named(pooled, 'Ben')).toHaveLength(2);
    expect(named(pooled, 'Dan')).toHaveLength(2);
  });

  it('joins a record without a URL to the one person with that name and company, never to an ambiguous pair', () => {
    const withUrl = person(2, {
      firstName: 'Eve',
      lastName: 'Stone',
      company: 'Acme',
      linkedinUrl: 'https://www.linkedin.com/in/eve',
    });
    const withoutUrl = person(1, { firstName: 'Eve', lastName: 'Stone', company: 'Acme' });
    const joined = poolNetwork(1, [member(1, [withoutUrl]), member(2, [withUrl])]);
    expect(joined.people).toHaveLength(1);
    expect(joined.people[0]).toMatchObject({ id: withoutUrl.id, knownBy: [1, 2] });

    const twoEves = [
      person(2, {
        firstName: 'Eve',
        lastName: 'Stone',
        company: 'Acme',
        linkedinUrl: 'https://www.linkedin.com/in/eve-1',
      }),
      person(3, {
        firstName: 'Eve',
        lastName: 'Stone',
        company: 'Acme',
        linkedinUrl: 'https://www.linkedin.com/in/eve-2',
      }),
    ];
    const ambiguous = poolNetwork(1, [
      member(1, [withoutUrl]),
      member(2, [twoEves[0] as Connection]),
      member(3, [twoEves[1] as Connection]),
    ]);
    expect(named(ambiguous, 'Eve')).toHaveLength(3);
  });
});

describe('poolNetwork: the viewer, teammates, degrees and links', () => {
  const ben = () =>
    person(1, {
      firstName: 'Ben',
      lastName: 'Ortiz',
      company: 'Globex',
      position: 'Engineer',
      yearsConnected: 1,
    });
  const chen = () =>
    person(2, {
      firstName: 'Chen',
      lastName: 'Wu',
      company: 'Globex',
      position: 'Software Engineer',
      yearsConnected: 6,
    });

  it('has the viewer first, one teammate node each, degree 1 for the viewer’s people and 2 for the others', () => {
    const [b, c] = [ben(), chen()];
    const pooled = poolNetwork(1, [member(3, []), member(2, [c]), member(1, [b])]);
    expect(pooled.self).toMatchObject({ id: 'u1', isUser: true, connectionDegree: 0, knownBy: [] });
    expect(pooled.teammates.map((t) => [t.id, t.isTeammate, t.isUser, t.connectionDegree])).toEqual([
      ['u2', true, false, 1],
      ['u3', true, false, 1],
    ]);
    expect(pooled.people.map((p) => [p.firstName, p.connectionDegree, p.userId])).toEqual([
      ['Ben', 1, 1],
      ['Chen', 2, 2],
    ]);
  });

  it('links the viewer to their people, each teammate to theirs, the viewer to each teammate, and people at one company', () => {
    const [b, c] = [ben(), chen()];
    const pooled = poolNetwork(1, [member(1, [b]), member(2, [c])]);
    expect(pooled.knowsLinks.map((l) => l.id)).toEqual([`u1-${b.id}`, `u2-${c.id}`]);
    expect(pooled.teammateLinks.map((l) => [l.id, l.type])).toEqual([['u1-u2', 'teammate']]);
    expect(pooled.companyLinks).toEqual([
      expect.objectContaining({
        id: `${b.id}-${c.id}`,
        company: 'Globex',
        type: 'company-role',
        userId: 1,
      }),
    ]);
  });

  it('draws one knows link per member who knows a person, each with that member’s own tie', () => {
    const mine = person(1, {
      firstName: 'Ben',
      lastName: 'Ortiz',
      linkedinUrl: 'https://www.linkedin.com/in/ben',
      yearsConnected: 0,
    });
    const anas = person(2, {
      firstName: 'Ben',
      lastName: 'Ortiz',
      linkedinUrl: 'https://www.linkedin.com/in/ben',
      yearsConnected: 10,
      hasWorkedWith: true,
    });
    const pooled = poolNetwork(1, [member(1, [mine]), member(2, [anas])]);
    expect(pooled.knowsLinks.map((l) => [l.id, l.strength])).toEqual([
      [`u1-${mine.id}`, 94],
      [`u2-${mine.id}`, 188],
    ]);
    expect(pooled.knowsTies).toEqual([
      { yearsConnected: 0, hasWorkedWith: false },
      { yearsConnected: 10, hasWorkedWith: true },
    ]);
  });

  it('refuses a viewer who is not a member', () => {
    expect(() => poolNetwork(9, [member(1, [])])).toThrow('not a member');
  });
});

describe('poolNetwork: what each member shares', () => {
  const full = (owner: number, firstName: string, extra: Partial<Connection> = {}) =>
    person(owner, {
      firstName,
      lastName: 'Known',
      company: 'Initech',
      email: `${firstName.toLowerCase()}@initech.com`,
      linkedinUrl: `https://www.linkedin.com/in/${firstName.toLowerCase()}`,
      notes: `${owner}'s private note`,
      ...extra,
    });

  it('shows no person of a member on counts only, yet counts them in reach, known by and other', () => {
    const onlyCarls = full(3, 'Hidden');
    const shared = [full(2, 'Both'), full(3, 'Both')];
    const pooled = poolNetwork(1, [
      member(1, []),
      member(2, [shared[0] as Connection]),
      member(3, [onlyCarls, shared[1] as Connection], 'counts'),
    ]);
    expect(pooled.people.map((p) => p.firstName)).toEqual(['Both']);
    // Carl counts in "known by 2" but is not named: nobody learns whom a counts-only member knows.
    expect(pooled.people[0]?.knownBy).toEqual([2, HIDDEN_KNOWER]);
    expect(pooled.knowsLinks.map((l) => l.sourceId)).toEqual(['u2']);
    // Initech is named by the person shown; the one only Carl knows there is too few to add.
    expect(pooled.companies).toEqual([{ name: 'Initech', key: 'initech', count: 1 }]);
    expect(pooled.otherCompanyPeople).toBe(1);
    expect(pooled.members).toEqual([
      { userId: 1, sharing: 'names', people: 0, companies: 0 },
      { userId: 2, sharing: 'names', people: 1, companies: 1 },
      { userId: 3, sharing: 'counts', people: 2, companies: 1 },
    ]);
    expect(JSON.stringify(pooled)).not.toContain('Hidden');
  });

  it('names a company from counts-only knowledge only when 3 people back it, the rest in other', () => {
    const carls = [
      full(3, 'Vera', { company: 'Vault Inc' }),
      full(3, 'Gail', { company: 'Globex' }),
      full(3, 'Gary', { company: 'Globex' }),
      full(3, 'Gwen', { company: 'Globex' }),
    ];
    const pooled = poolNetwork(1, [member(1, []), member(2, []), member(3, carls, 'counts')]);
    expect(pooled.people).toEqual([]);
    expect(pooled.companies).toEqual([{ name: 'Globex', key: 'globex', count: 3 }]);
    expect(pooled.otherCompanyPeople).toBe(1);
    expect(pooled.members.find((m) => m.userId === 3)).toEqual({
      userId: 3,
      sharing: 'counts',
      people: 4,
      companies: 2,
    });
    const { reuse: _reuse, ...answer } = pooled;
    expect(JSON.stringify(answer)).not.toMatch(/vault|vera/i);
  });

  it.each([
    ['names', null, null],
    ['profiles', 'https://www.linkedin.com/in/ana', null],
    ['emails', 'https://www.linkedin.com/in/ana', 'ana@initech.com'],
  ] as const)(
    'a teammate sharing %s shows profile %s and e-mail %s, never their notes',
    (sharing, url, email) => {
      const pooled = poolNetwork(1, [member(1, []), member(2, [full(2, 'Ana')], sharing)]);
      expect(pooled.people[0]).toMatchObject({ linkedinUrl: url, email, notes: null, connectionDegree: 2 });
    },
  );

  it('shows the viewer everything of their own people, their notes, and fills a missing e-mail from a teammate sharing it', () => {
    const mine = full(1, 'Ben', { email: null });
    const pooled = poolNetwork(1, [member(1, [mine], 'counts'), member(2, [full(2, 'Ben')], 'emails')]);
    expect(pooled.people[0]).toMatchObject({
      id: mine.id,
      linkedinUrl: 'https://www.linkedin.com/in/ben',
      email: 'ben@initech.com',
      notes: "1's private note",
    });
  });

  it('names a viewer on counts only in their own people’s known by, and no other member on counts', () => {
    const pooled = poolNetwork(1, [
      member(1, [full(1, 'Ben')], 'counts'),
      member(2, [full(2, 'Ben')], 'names'),
      member(3, [full(3, 'Ben')], 'counts'),
    ]);
    expect(pooled.people[0]?.knownBy).toEqual([1, 2, HIDDEN_KNOWER]);
    const asAna = poolNetwork(2, [
      member(1, [full(1, 'Ben')], 'counts'),
      member(2, [], 'names'),
      member(3, [full(3, 'Ben')], 'names'),
    ]);
    expect(asAna.people[0]?.knownBy).toEqual([HIDDEN_KNOWER, 3]);
  });

  it('shows a teammate’s account e-mail only when they share e-mails', () => {
    const pooled = poolNetwork(1, [member(1, []), member(2, [], 'names'), member(3, [], 'emails')]);
    expect(pooled.teammates.map((t) => t.email)).toEqual([null, 'carl@example.com']);
  });
});
