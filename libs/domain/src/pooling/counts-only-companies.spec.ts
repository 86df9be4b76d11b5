import { describe, expect, it } from '@jest/globals';
import { countCompaniesHidingSmallGroups, MIN_COUNTS_ONLY_COMPANY_GROUP } from './counts-only-companies.js';

const at = (...companies: (string | null)[]) => companies.map((company) => ({ company }));
const times = (n: number, company: string) => at(...Array.from({ length: n }, () => company));

describe('countCompaniesHidingSmallGroups', () => {
  it('needs 3 counted-only people to name a company', () => {
    expect(MIN_COUNTS_ONLY_COMPANY_GROUP).toBe(3);
  });

  it.each([
    {
      case: 'one hidden person at a company goes into other, the company is not named',
      shown: [],
      hidden: [...at('Vault Inc'), ...times(3, 'Globex')],
      companies: [{ name: 'Globex', key: 'globex', count: 3 }],
      other: 1,
    },
    {
      case: 'two hidden people are still too few',
      shown: [],
      hidden: times(2, 'Vault Inc'),
      companies: [],
      other: 2,
    },
    {
      case: 'exactly three hidden people name their company',
      shown: [],
      hidden: times(3, 'Vault Inc'),
      companies: [{ name: 'Vault Inc', key: 'vault', count: 3 }],
      other: 0,
    },
    {
      case: 'spellings of one company make one group (Vault Inc, VAULT, Vault, Inc.)',
      shown: [],
      hidden: at('Vault Inc', 'VAULT', 'Vault, Inc.'),
      companies: [{ name: 'VAULT', key: 'vault', count: 3 }],
      other: 0,
    },
    {
      case: 'a company named by people shown does not take in fewer than 3 hidden ones',
      shown: times(2, 'Initech'),
      hidden: at('Initech'),
      companies: [{ name: 'Initech', key: 'initech', count: 2 }],
      other: 1,
    },
    {
      case: 'a company named by people shown adds a group of 3 hidden ones',
      shown: at('Initech'),
      hidden: times(3, 'Initech'),
      companies: [{ name: 'Initech', key: 'initech', count: 4 }],
      other: 0,
    },
    {
      case: 'people shown are named whatever their number',
      shown: at('Acme'),
      hidden: [],
      companies: [{ name: 'Acme', key: 'acme', count: 1 }],
      other: 0,
    },
    {
      case: 'people without a company name nothing and are not other either',
      shown: at(null),
      hidden: at(null, '  ', null),
      companies: [],
      other: 0,
    },
    {
      case: 'companies by count, then by name',
      shown: [...times(2, 'Beta'), ...at('Alpha')],
      hidden: [...times(3, 'Gamma'), ...times(2, 'Delta')],
      companies: [
        { name: 'Gamma', key: 'gamma', count: 3 },
        { name: 'Beta', key: 'beta', count: 2 },
        { name: 'Alpha', key: 'alpha', count: 1 },
      ],
      other: 2,
    },
  ])('$case', ({ shown, hidden, companies, other }) => {
    expect(countCompaniesHidingSmallGroups(shown, hidden)).toEqual({ companies, otherPeople: other });
  });

  it('takes another group size when asked', () => {
    expect(countCompaniesHidingSmallGroups([], times(2, 'Vault'), 2).companies).toEqual([
      { name: 'Vault', key: 'vault', count: 2 },
    ]);
  });
});
