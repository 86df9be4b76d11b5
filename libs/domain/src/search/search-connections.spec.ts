import { describe, expect, it } from '@jest/globals';
import { buildConnection, buildSelf } from '../../test/build-connection.js';
import { matchesDashboardSearch, matchesTableSearch, topCompanies } from './search-connections.js';

const ana = buildConnection({
  firstName: 'Ana',
  lastName: 'Silva',
  company: 'Acme',
  position: 'Staff Engineer',
});

describe('matchesDashboardSearch', () => {
  it('matches the first name, last name, company or position, whatever the case', () => {
    expect(matchesDashboardSearch(ana, 'an')).toBe(true);
    expect(matchesDashboardSearch(ana, 'SILV')).toBe(true);
    expect(matchesDashboardSearch(ana, 'acm')).toBe(true);
    expect(matchesDashboardSearch(ana, 'engineer')).toBe(true);
  });

  it('does not match across first and last name', () => {
    expect(matchesDashboardSearch(ana, 'ana silva')).toBe(false);
  });

  it('does not match what is in none of the fields', () => {
    expect(matchesDashboardSearch(ana, 'globex')).toBe(false);
  });

  it('copes with a connection without company or position', () => {
    expect(matchesDashboardSearch(buildConnection({ firstName: 'Ben', lastName: 'Ode' }), 'acme')).toBe(
      false,
    );
  });

  it('matches everyone with an empty query', () => {
    expect(matchesDashboardSearch(ana, '  ')).toBe(true);
  });
});

describe('matchesTableSearch', () => {
  it('matches the full name, so "ana silva" finds Ana Silva', () => {
    expect(matchesTableSearch(ana, 'Ana Silva')).toBe(true);
    expect(matchesTableSearch(ana, 'a s')).toBe(true);
  });

  it('matches company and position', () => {
    expect(matchesTableSearch(ana, 'ACME')).toBe(true);
    expect(matchesTableSearch(ana, 'staff')).toBe(true);
    expect(matchesTableSearch(ana, 'globex')).toBe(false);
  });
});

describe('topCompanies', () => {
  const connections = [
    buildSelf({ company: 'Solo Inc' }),
    ...['Acme', 'ACME Inc.', 'Acme'].map((company) => buildConnection({ company })),
    ...['Globex', 'Globex'].map((company) => buildConnection({ company })),
    ...['Initech', 'Initech'].map((company) => buildConnection({ company })),
    buildConnection({ company: 'Umbrella' }),
    buildConnection({ company: '' }),
    buildConnection({ company: null }),
  ];

  it('ranks companies by how many connections work there, spellings counted together', () => {
    expect(topCompanies(connections)).toEqual([
      { name: 'Acme', key: 'acme', count: 3 },
      { name: 'Globex', key: 'globex', count: 2 },
      { name: 'Initech', key: 'initech', count: 2 },
      { name: 'Umbrella', key: 'umbrella', count: 1 },
    ]);
  });

  it('leaves out your own company and empty companies', () => {
    const names = topCompanies(connections).map((c) => c.name);
    expect(names).not.toContain('Solo Inc');
    expect(names).not.toContain('');
  });

  it('returns 6 companies by default and n when asked', () => {
    const many = Array.from({ length: 10 }, (_, i) => buildConnection({ company: `Company ${i}` }));
    expect(topCompanies(many)).toHaveLength(6);
    expect(topCompanies(many, 2)).toHaveLength(2);
  });

  it('breaks ties by name', () => {
    const tied = ['Zeta', 'alpha', 'Beta'].map((company) => buildConnection({ company }));
    expect(topCompanies(tied).map((c) => c.name)).toEqual(['alpha', 'Beta', 'Zeta']);
  });
});
