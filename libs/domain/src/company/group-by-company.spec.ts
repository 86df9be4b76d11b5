import { describe, expect, it } from '@jest/globals';
import { groupByCompany } from './group-by-company.js';

describe('groupByCompany', () => {
  const people = [
    { id: '1', company: 'ACME, Inc.' },
    { id: '2', company: 'Acme' },
    { id: '3', company: ' Acme ' },
    { id: '4', company: 'Globex' },
    { id: '5', company: null },
    { id: '6', company: '   ' },
  ];

  it('puts spellings of the same company in one group', () => {
    const groups = groupByCompany(people, (p) => p.company);
    expect(groups.get('acme')?.members.map((p) => p.id)).toEqual(['1', '2', '3']);
    expect(groups.get('globex')?.members.map((p) => p.id)).toEqual(['4']);
  });

  it('names the group by the spelling most people use', () => {
    expect(groupByCompany(people, (p) => p.company).get('acme')?.name).toBe('Acme');
  });

  it('names a group the same whatever the order of a tie between spellings', () => {
    const tie = [
      { id: '1', company: 'Acme' },
      { id: '2', company: 'ACME' },
    ];
    const name = groupByCompany(tie, (p) => p.company).get('acme')?.name;
    expect(groupByCompany([...tie].reverse(), (p) => p.company).get('acme')?.name).toBe(name);
  });

  it('leaves out people without a company', () => {
    expect(groupByCompany(people, (p) => p.company).size).toBe(2);
  });
});
