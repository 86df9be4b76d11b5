import { describe, expect, it } from '@jest/globals';
import { buildConnection, buildSelf } from '../../test/build-connection.js';
import { computeNetworkStats, seniorityBand } from './network-stats.js';

describe('computeNetworkStats', () => {
  const connections = [
    buildSelf({ company: 'Acme', position: 'CEO', connectedOn: '2001-01-01' }),
    buildConnection({ company: 'Acme', position: 'Software Engineer', connectedOn: '2019-03-01' }),
    buildConnection({
      company: 'Acme Inc.',
      position: 'Senior Software Engineer',
      connectedOn: '2021-05-01',
    }),
    buildConnection({
      company: 'Globex',
      position: 'VP Sales',
      connectedOn: '2019-12-31',
      connectionDegree: 2,
    }),
    buildConnection({
      company: null,
      position: 'Engineering Manager',
      connectedOn: null,
      connectionDegree: 3,
    }),
    buildConnection({ id: 'u2', userId: 2, isTeammate: true, position: 'Intern', connectedOn: null }),
  ];
  const stats = computeNetworkStats(connections);

  it('counts everyone but your own node', () => {
    expect(stats.total).toBe(5);
  });

  it('counts people per degree, teammates as second', () => {
    expect(stats.byDegree).toEqual({ first: 2, second: 2, third: 1 });
  });

  it('lists the top companies with spellings counted together, without your own node', () => {
    expect(stats.topCompanies).toEqual([
      { name: 'Acme', count: 2 },
      { name: 'Globex', count: 1 },
    ]);
  });

  it('lists at most 10 companies', () => {
    const many = Array.from({ length: 12 }, (_, i) => buildConnection({ company: `Company ${i}` }));
    expect(computeNetworkStats(many).topCompanies).toHaveLength(10);
  });

  it('counts people per function category, every category present', () => {
    expect(stats.byCategory.engineering).toBe(3);
    expect(stats.byCategory.executive).toBe(1);
    expect(stats.byCategory.other).toBe(1);
    expect(stats.byCategory.legal).toBe(0);
  });

  it('counts people per seniority band', () => {
    // Engineer 3, Senior Engineer 5, VP 8, Engineering Manager 6, Intern 1.
    expect(stats.bySeniority).toEqual({ junior: 2, mid: 1, managerDirector: 1, executive: 1 });
  });

  it('counts connections per year connected, oldest first, leaving out unknown dates', () => {
    expect(stats.perYear).toEqual([
      { year: 2019, count: 2 },
      { year: 2021, count: 1 },
    ]);
  });

  it('gives zeros for an empty network', () => {
    const empty = computeNetworkStats([buildSelf()]);
    expect(empty).toMatchObject({
      total: 0,
      byDegree: { first: 0, second: 0, third: 0 },
      topCompanies: [],
      perYear: [],
    });
  });
});

describe('seniorityBand', () => {
  it.each([
    [1, 'junior'],
    [3, 'junior'],
    [4, 'mid'],
    [5, 'mid'],
    [6, 'managerDirector'],
    [7, 'managerDirector'],
    [8, 'executive'],
    [10, 'executive'],
  ] as const)('puts seniority %i in %s', (seniority, band) => {
    expect(seniorityBand(seniority)).toBe(band);
  });
});
