import { describe, expect, it } from 'vitest';
import { buildTestNetwork } from '../network/test-connections';
import { attributeOptions, companyOptions, toggleCompany, visibleCompanies } from './filter-options';

const network = buildTestNetwork([
  ...Array.from({ length: 5 }, () => ({ company: 'Acme' })),
  { company: 'ACME, Inc.' },
  ...['Globex', 'Initech', 'Hooli', 'Umbrella', 'Stark', 'Wayne', 'Wonka'].map((company) => ({ company })),
  { company: 'Globex', industry: 'Finance', location: 'London' },
  { company: null, industry: 'finance ', location: 'Remote' },
  { company: 'Hooli', industry: 'Technology' },
]);

describe('company list', () => {
  const all = companyOptions(network.connections);

  it('counts spellings of one company together, most connections first', () => {
    expect(all[0]).toMatchObject({ key: 'acme', count: 6 });
    expect(all.map((c) => c.key)).toContain('globex');
  });

  it('shows the top 6 unless searching or showing all', () => {
    expect(visibleCompanies(all, '', false)).toHaveLength(6);
    expect(visibleCompanies(all, '', true)).toHaveLength(all.length);
    expect(visibleCompanies(all, ' O', false).map((c) => c.name)).toEqual(['Globex', 'Hooli', 'Wonka']);
  });

  it('selects and unselects a company whatever its spelling', () => {
    expect(toggleCompany([], 'Acme')).toEqual(['Acme']);
    expect(toggleCompany(['Acme'], 'ACME, Inc.')).toEqual([]);
  });
});

describe('attributeOptions', () => {
  it('lists only the values present, once each', () => {
    expect(attributeOptions(network.connections, 'industry')).toEqual(['Finance', 'Technology']);
    expect(attributeOptions(network.connections, 'location')).toEqual(['London', 'Remote']);
  });

  it('gives nothing when the data has no such column', () => {
    expect(attributeOptions(buildTestNetwork([{}]).connections, 'industry')).toEqual([]);
  });
});
