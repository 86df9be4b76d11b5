import { describe, expect, it } from '@jest/globals';
import { type CompanyLink, type CompanyLinkPerson, generateCompanyLinks } from './company-links.js';

function person(id: string, company: string | null, position: string | null): CompanyLinkPerson {
  return { id, company, position };
}

function linkBetween(links: readonly CompanyLink[], a: string, b: string): CompanyLink | undefined {
  return links.find((l) => (l.sourceId === a && l.targetId === b) || (l.sourceId === b && l.targetId === a));
}

function pairsOf(links: readonly CompanyLink[]): string[] {
  return links.map((l) => [l.sourceId, l.targetId].sort().join('-'));
}

/** Union-find over the links: true when every id can reach every other one. */
function isConnected(ids: readonly string[], links: readonly CompanyLink[]): boolean {
  const parent = new Map(ids.map((id) => [id, id]));
  const find = (id: string): string => {
    let root = id;
    while (parent.get(root) !== root) root = parent.get(root) as string;
    parent.set(id, root);
    return root;
  };
  for (const link of links) parent.set(find(link.sourceId), find(link.targetId));
  return new Set(ids.map(find)).size === 1;
}

describe('generateCompanyLinks for small companies (15 people or fewer)', () => {
  it('gives a company with a single person no links', () => {
    expect(generateCompanyLinks([person('1', 'Acme', 'CEO'), person('2', 'Globex', 'CTO')])).toEqual([]);
  });

  it('never links people without a company', () => {
    expect(generateCompanyLinks([person('1', null, 'Engineer'), person('2', '', 'Engineer')])).toEqual([]);
  });

  it('links two people in the same function at 150 (company-role)', () => {
    const links = generateCompanyLinks([
      person('1', 'Acme', 'Software Engineer'),
      person('2', 'Acme', 'QA Engineer'),
    ]);
    expect(links).toEqual([
      { sourceId: '1', targetId: '2', strength: 150, type: 'company-role', company: 'Acme' },
    ]);
  });

  it('links anyone to an executive at 150 (company-role)', () => {
    const links = generateCompanyLinks([
      person('1', 'Acme', 'Head of Sales'),
      person('2', 'Acme', 'Software Engineer'),
    ]);
    expect(links).toEqual([
      { sourceId: '1', targetId: '2', strength: 150, type: 'company-role', company: 'Acme' },
    ]);
  });

  it('links people of different functions at 50 (company-general)', () => {
    const links = generateCompanyLinks([
      person('1', 'Acme', 'Software Engineer'),
      person('2', 'Acme', 'Account Executive'),
    ]);
    expect(links).toEqual([
      { sourceId: '1', targetId: '2', strength: 50, type: 'company-general', company: 'Acme' },
    ]);
  });

  it('links every pair of a 15-person company', () => {
    const people = Array.from({ length: 15 }, (_, i) =>
      person(String(i + 1), 'Acme', i % 2 ? 'Engineer' : 'Designer'),
    );
    const links = generateCompanyLinks(people);
    expect(links).toHaveLength((15 * 14) / 2);
    expect(new Set(pairsOf(links)).size).toBe(links.length);
  });

  it('treats different spellings of one company as the same company', () => {
    const links = generateCompanyLinks([
      person('1', 'ACME, Inc.', 'Engineer'),
      person('2', 'Acme', 'Engineer'),
    ]);
    expect(links).toHaveLength(1);
  });

  it('does not link companies whose names only share a prefix', () => {
    expect(
      generateCompanyLinks([person('1', 'Meta', 'Engineer'), person('2', 'Metabase', 'Engineer')]),
    ).toEqual([]);
  });

  it('does not link people just because both are self-employed', () => {
    expect(
      generateCompanyLinks([
        person('1', 'Self-employed', 'Consultant'),
        person('2', 'Self Employed', 'Consultant'),
      ]),
    ).toEqual([]);
  });

  it('names the link after the spelling most people use', () => {
    const people = [
      person('1', 'ACME INC', 'Engineer'),
      person('2', 'Acme', 'Engineer'),
      person('3', 'Acme', 'Engineer'),
    ];
    expect(new Set(generateCompanyLinks(people).map((l) => l.company))).toEqual(new Set(['Acme']));
  });
});

describe('generateCompanyLinks for large companies (more than 15 people)', () => {
  // 1 CEO, 2 directors, 3 sales, 1 marketer and 20 engineers: 27 people.
  const people = [
    person('ceo', 'Globex', 'CEO'),
    person('d1', 'Globex', 'Director of Engineering'),
    person('d2', 'Globex', 'Director of Sales'),
    ...['s1', 's2', 's3'].map((id) => person(id, 'Globex', 'Account Executive')),
    person('m1', 'Globex', 'Marketing Specialist'),
    ...Array.from({ length: 20 }, (_, i) =>
      person(`e${String(i).padStart(2, '0')}`, 'Globex', 'Software Engineer'),
    ),
  ];
  const links = generateCompanyLinks(people);

  it('links the top-ranked person to every executive and director at 150', () => {
    expect(linkBetween(links, 'ceo', 'd1')).toMatchObject({
      sourceId: 'ceo',
      strength: 150,
      type: 'company-role',
    });
    expect(linkBetween(links, 'ceo', 'd2')).toMatchObject({
      sourceId: 'ceo',
      strength: 150,
      type: 'company-role',
    });
  });

  it('links same-function pairs at 130', () => {
    expect(linkBetween(links, 's1', 's2')).toMatchObject({ strength: 130, type: 'company-role' });
    expect(linkBetween(links, 's1', 's3')).toMatchObject({ strength: 130, type: 'company-role' });
    expect(linkBetween(links, 'd1', 'd2')).toMatchObject({ strength: 130, type: 'company-role' });
  });

  it('links each pair of functions once at 80, between their most senior people', () => {
    expect(linkBetween(links, 's1', 'm1')).toMatchObject({ strength: 80, type: 'company-group' });
    expect(linkBetween(links, 's1', 'e00')).toMatchObject({ strength: 80, type: 'company-group' });
    expect(linkBetween(links, 's2', 'm1')).toBeUndefined();
    expect(links.filter((l) => l.type === 'company-group')).toHaveLength(9);
  });

  it('does not link people of different functions otherwise', () => {
    expect(linkBetween(links, 's2', 'e05')).toBeUndefined();
    expect(linkBetween(links, 'ceo', 'e05')).toBeUndefined();
  });

  it('keeps the strongest link when two rules link the same pair', () => {
    // ceo and d1 are the heads of two categories (80) and top + director (150).
    expect(linkBetween(links, 'ceo', 'd1')?.strength).toBe(150);
    expect(new Set(pairsOf(links)).size).toBe(links.length);
  });

  it('scales a same-function group above 15 to links to its head and to its seniority neighbour', () => {
    const engineering = links.filter((l) => l.sourceId.startsWith('e') && l.targetId.startsWith('e'));
    // 19 links to the head e00, plus 18 between neighbours e01-e02 ... e18-e19.
    expect(engineering).toHaveLength(19 + 18);
    expect(linkBetween(links, 'e00', 'e19')).toBeDefined();
    expect(linkBetween(links, 'e18', 'e19')).toBeDefined();
    expect(linkBetween(links, 'e03', 'e07')).toBeUndefined();
  });

  it('keeps the whole company connected', () => {
    expect(
      isConnected(
        people.map((p) => p.id),
        links,
      ),
    ).toBe(true);
  });

  it('ranks by seniority, so a senior engineer heads the engineering group', () => {
    const withSenior = [...people, person('zz', 'Globex', 'Senior Software Engineer')];
    const seniorLinks = generateCompanyLinks(withSenior);
    expect(linkBetween(seniorLinks, 'zz', 'e19')).toMatchObject({ sourceId: 'zz', strength: 130 });
  });

  it('gives the same links whatever the order of the input', () => {
    expect(generateCompanyLinks([...people].reverse())).toEqual(links);
  });
});
