import { describe, expect, it } from '@jest/globals';
import { buildConnection, buildSelf } from '../../test/build-connection.js';
import { company, person } from '../../test/build-target.js';
import { matchTargets, rankTargetResults } from './match-targets.js';

const ana = buildConnection({
  id: 'ana',
  firstName: 'Ana',
  lastName: 'Lopez',
  company: 'Acme Labs, Inc.',
  position: 'VP Sales',
  knownBy: [1],
});
const bo = buildConnection({
  id: 'bo',
  firstName: 'Bo',
  lastName: 'Chen',
  company: 'ACME LABS',
  position: 'Engineer',
  knownBy: [2],
});
const cy = buildConnection({
  id: 'cy',
  firstName: 'Cy',
  lastName: 'Diaz',
  company: 'Acme Capital',
  position: 'CEO',
  knownBy: [1],
});
const dee = buildConnection({
  id: 'dee',
  firstName: 'Dee',
  lastName: 'Eng',
  company: 'Initech Global',
  email: 'dee@uk.initech.com',
  linkedinUrl: 'https://www.linkedin.com/in/dee-eng/',
  knownBy: [1],
});
const gmail = buildConnection({ id: 'gm', company: 'Freelance', email: 'x@gmail.com', knownBy: [1] });
const NETWORK = [buildSelf(), ana, bo, cy, dee, gmail];

describe('matchTargets: how targets meet the network', () => {
  it('matches a company spelled as in the network exactly, another spelling folded, and names the key', () => {
    const [exact, folded] = matchTargets([company(1, 'acme labs'), company(2, 'The Acme Labs Inc')], NETWORK);
    expect(exact).toMatchObject({
      match: 'exact',
      reached: 'company',
      companyKey: 'acme labs',
      covered: true,
      peopleCount: 2,
    });
    expect(folded).toMatchObject({ match: 'folded', peopleCount: 2 });
  });

  it('never matches a different company, and suggests the nearest instead', () => {
    const [row] = matchTargets([company(1, 'Acme Lab Partners')], NETWORK);
    expect(row).toMatchObject({
      match: 'none',
      reached: 'none',
      covered: false,
      peopleCount: 0,
      bestConnector: null,
      warmthBand: null,
    });
    expect(row?.suggestions[0]).toMatchObject({ key: 'acme labs' });
  });

  it('matches a domain by work e-mail, also at a subdomain, never by free mail', () => {
    const [byDomain, free] = matchTargets(
      [company(1, null, { domain: 'initech.com' }), company(2, null, { domain: 'gmail.com' })],
      NETWORK,
    );
    expect(byDomain).toMatchObject({ match: 'domain', peopleCount: 1, companyKey: null });
    expect(byDomain?.people[0]?.id).toBe('dee');
    expect(free).toMatchObject({ match: 'none', peopleCount: 0 });
  });

  it('matches a domain or company page by its stem when one network company spells it', () => {
    const rows = matchTargets(
      [
        company(1, null, { domain: 'acmelabs.com' }),
        company(2, null, { linkedinUrl: 'https://www.linkedin.com/company/acme-capital' }),
      ],
      NETWORK,
    );
    expect(rows.map((row) => [row.match, row.companyKey, row.peopleCount])).toEqual([
      ['domain', 'acme labs', 2],
      ['domain', 'acme capital', 1],
    ]);
  });

  it('leaves an ambiguous stem unmatched', () => {
    const network = [...NETWORK, buildConnection({ id: 'z', company: 'AcmeLabs', knownBy: [1] })];
    const [row] = matchTargets([company(1, null, { domain: 'acmelabs.com' })], network);
    expect(row?.match).toBe('none');
  });

  it('finds a person by profile URL, or by name at the folded company', () => {
    const [byUrl, byName] = matchTargets(
      [
        person(1, { profileUrl: 'https://www.linkedin.com/in/dee-eng' }),
        person(2, { firstName: 'ANA', lastName: 'lopez', company: 'Acme Labs' }),
      ],
      NETWORK,
    );
    expect(byUrl).toMatchObject({ match: 'profile-url', reached: 'person', peopleCount: 1 });
    expect(byName).toMatchObject({ match: 'name-company', reached: 'person', peopleCount: 1 });
    expect(byName?.people[0]?.id).toBe('ana');
  });

  it("reaches an unknown person through their company's people", () => {
    const [row] = matchTargets(
      [person(1, { firstName: 'Eve', lastName: 'New', company: 'Acme Labs' })],
      NETWORK,
    );
    expect(row).toMatchObject({ match: 'exact', reached: 'company', peopleCount: 2 });
  });

  it('applies corrections: a company chosen by hand, or nobody', () => {
    const rows = matchTargets([company(1, 'ACL'), company(2, 'Acme Labs')], NETWORK, {
      corrections: [
        { line: 1, companyKey: 'acme capital' },
        { line: 2, companyKey: null },
      ],
    });
    expect(rows.map((row) => [row.match, row.peopleCount])).toEqual([
      ['manual', 1],
      ['manual', 0],
    ]);
    expect(rows[1]?.suggestions).toEqual([]);
  });

  it("never counts a member's own node, nor people nobody knows", () => {
    const network = [
      buildSelf({ company: 'Acme Labs' }),
      buildConnection({ id: 't', company: 'Acme Labs', isTeammate: true, knownBy: [] }),
      buildConnection({ id: 'n', company: 'Acme Labs', knownBy: [] }),
    ];
    expect(matchTargets([company(1, 'Acme Labs')], network)[0]).toMatchObject({
      covered: false,
      peopleCount: 0,
    });
  });
});

describe('matchTargets: ranking the way in', () => {
  const team = [
    buildConnection({ id: 'p1', company: 'Globex', position: 'Software Engineer', knownBy: [1, 2] }),
    buildConnection({ id: 'p2', company: 'Globex', position: 'Chief Financial Officer', knownBy: [2] }),
    buildConnection({ id: 'p3', company: 'Globex', position: 'Director of Sales', knownBy: [3] }),
  ];
  const ties = new Map([
    [
      'p1',
      [
        { userId: 1, warmth: 0.95 },
        { userId: 2, warmth: 0.55 },
      ],
    ],
    ['p2', [{ userId: 2, warmth: 0.62 }]],
    ['p3', [{ userId: 3, warmth: 0.5 }]],
  ]);

  it('lists the most senior first with their function, and the warmest member as best connector', () => {
    const [row] = matchTargets([company(1, 'Globex')], team, { ties });
    expect(row?.people.map((p) => [p.id, p.seniority, p.category])).toEqual([
      ['p2', 9, 'executive'],
      ['p3', 7, 'director'],
      ['p1', 3, 'engineering'],
    ]);
    expect(row?.people[2]).toMatchObject({ knownBy: 1, knowers: [1, 2], warmth: 0.95 });
    expect(row?.bestConnector).toEqual({ userId: 1, peopleCount: 1, bestWarmth: 0.95, personId: 'p1' });
    expect(row?.warmthBand).toBe('strong');
    expect(row?.otherConnectors.map((c) => [c.userId, c.peopleCount, c.bestWarmth])).toEqual([
      [2, 2, 0.62],
      [3, 1, 0.5],
    ]);
  });

  it('caps the people listed but counts them all', () => {
    const [row] = matchTargets([company(1, 'Globex')], team, { ties, maxPeople: 1 });
    expect(row?.people.map((p) => p.id)).toEqual(['p2']);
    expect(row?.peopleCount).toBe(3);
  });

  it('warms a tie from the connection itself when no ties are given (strength, else years)', () => {
    const network = [
      buildConnection({ id: 'a', company: 'Hooli', knownBy: [4], strength: { score: 10, band: 'weak' } }),
      buildConnection({ id: 'b', company: 'Hooli', knownBy: [5], yearsConnected: 10, hasWorkedWith: true }),
    ];
    const [row] = matchTargets([company(1, 'Hooli')], network);
    expect(row?.bestConnector).toMatchObject({ userId: 5, bestWarmth: 1 });
    expect(row?.otherConnectors[0]).toMatchObject({ userId: 4, bestWarmth: 0.55 });
    expect(row?.warmthBand).toBe('strong');
  });

  it('ranks covered targets by their best warmth, then people, then line', () => {
    const rows = matchTargets(
      [company(1, 'Nobody Corp'), company(2, 'Acme Capital'), company(3, 'Globex')],
      [...team, cy],
      {
        ties: new Map([...ties, ['cy', [{ userId: 1, warmth: 0.6 }]]]),
      },
    );
    expect(rankTargetResults(rows).map((row) => row.target.line)).toEqual([3, 2, 1]);
  });
});

describe('matchTargets: counts-only members', () => {
  it('adds hidden people only from groups of three, and never lists them', () => {
    const countedOnly = [
      { company: 'Vault Inc' },
      { company: 'Vault' },
      { company: 'Acme Labs' },
      { company: 'Acme Labs, Inc.' },
      { company: 'acme labs' },
    ];
    const [vault, acme] = matchTargets([company(1, 'Vault'), company(2, 'Acme Labs')], NETWORK, {
      countedOnly,
    });
    expect(vault).toMatchObject({ hiddenPeopleCount: 0, covered: false, peopleCount: 0 });
    expect(acme).toMatchObject({ hiddenPeopleCount: 3, peopleCount: 2 });
    expect(acme?.people.map((p) => p.id).sort()).toEqual(['ana', 'bo']);
  });

  it('counts hidden people at a company nobody shown knows, without covering it', () => {
    const countedOnly = ['Vault Labs', 'Vault Labs Inc', 'VAULT LABS'].map((name) => ({ company: name }));
    const [row, known] = matchTargets(
      [
        company(1, 'The Vault Labs'),
        person(2, { firstName: 'Ana', lastName: 'Lopez', company: 'Acme Labs' }),
      ],
      NETWORK,
      { countedOnly: [...countedOnly, ...countedOnly.map(() => ({ company: 'Acme Labs' }))] },
    );
    expect(row).toMatchObject({
      match: 'folded',
      reached: 'none',
      covered: false,
      peopleCount: 0,
      hiddenPeopleCount: 3,
      companyKey: null,
    });
    expect(known).toMatchObject({ reached: 'person', hiddenPeopleCount: 0 });
  });
});

describe('matchTargets at scale', () => {
  it('matches 5,000 targets against 100,000 people', () => {
    // Spread from one built person: the spec times nothing, building 100,000 would be most of it.
    const base = buildConnection({ id: 'base' });
    const people = Array.from({ length: 100_000 }, (_, i) => ({
      ...base,
      id: `s${i}`,
      firstName: `First${i}`,
      lastName: `Last${i}`,
      company: `Company ${i % 20_000} ${i % 3 === 0 ? 'Inc.' : 'Ltd'}`,
      email: `p${i}@company${i % 20_000}.com`,
      linkedinUrl: `https://www.linkedin.com/in/p${i}`,
      knownBy: [1 + (i % 7)],
      yearsConnected: i % 12,
    }));
    const targets = Array.from({ length: 5000 }, (_, i) =>
      i % 2 === 0
        ? company(i + 1, `The Company ${i * 3}`, { domain: `company${i * 3}.com` })
        : person(i + 1, { profileUrl: `https://www.linkedin.com/in/p${i * 17}` }),
    );
    const rows = matchTargets(targets, people, { suggestions: 0 });
    expect(rows).toHaveLength(5000);
    expect(rows.every((row) => row.covered)).toBe(true);
    expect(rows[0]).toMatchObject({ match: 'folded', peopleCount: 5 });
    expect(rows[1]).toMatchObject({ match: 'profile-url', peopleCount: 1 });
  });
});
