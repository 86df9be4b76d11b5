import { describe, expect, it } from '@jest/globals';
import { type Connection } from '@warmpath/contracts';
import { buildConnection, buildSelf } from '../../test/build-connection.js';
import {
  attributeOptions,
  changedSinceLastImport,
  companyOptions,
  lastImportStart,
  toggleCompany,
  visibleCompanies,
} from './filter-options.js';

/** Your own node plus `people`, numbered from 1. */
function buildTestNetwork(people: Partial<Connection>[]) {
  return {
    connections: [
      buildSelf(),
      ...people.map((person, index) => buildConnection({ id: String(index + 1), ...person })),
    ],
  };
}

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

describe('changed since last import', () => {
  const run = (
    createdAt: string,
    counts: Partial<Record<'updated' | 'unchanged' | 'absent', number>>,
    state = 'completed',
  ) => ({
    state,
    createdAt,
    updated: 0,
    unchanged: 0,
    absent: 0,
    ...counts,
  });

  it('counts from the start of the latest completed import, when it was a re-import', () => {
    expect(
      lastImportStart([
        run('2026-11-25T10:00:00.000Z', { unchanged: 4 }),
        run('2026-11-01T00:00:00.000Z', {}),
      ]),
    ).toBe('2026-11-25T10:00:00.000Z');
    // A running or failed import does not count; a first import has nothing to compare with.
    expect(
      lastImportStart([
        run('2026-11-26T00:00:00.000Z', {}, 'parsing'),
        run('2026-11-25T10:00:00.000Z', { absent: 1 }),
      ]),
    ).toBe('2026-11-25T10:00:00.000Z');
    expect(lastImportStart([run('2026-11-25T10:00:00.000Z', {})])).toBeNull();
    expect(lastImportStart([])).toBeNull();
  });

  it('finds the people the latest import added or saw change job, not the others nor you', () => {
    const since = '2026-11-25T10:00:00.000Z';
    const people = buildTestNetwork([
      { createdAt: '2026-11-01T10:00:00.000Z' },
      { createdAt: '2026-11-25T10:00:01.000Z' },
      {
        createdAt: '2026-11-01T10:00:00.000Z',
        exportHistory: {
          absentSince: null,
          previousCompany: 'Globex',
          previousPosition: null,
          jobChangedAt: '2026-11-25T10:00:01.000Z',
        },
      },
      {
        createdAt: '2026-10-01T10:00:00.000Z',
        exportHistory: {
          absentSince: null,
          previousCompany: 'Globex',
          previousPosition: null,
          jobChangedAt: '2026-11-01T10:00:00.000Z',
        },
      },
      {
        createdAt: '2026-11-01T10:00:00.000Z',
        exportHistory: {
          absentSince: since,
          previousCompany: null,
          previousPosition: null,
          jobChangedAt: null,
        },
      },
    ]).connections.map((person) =>
      person.isUser ? { ...person, createdAt: '2026-11-26T00:00:00.000Z' } : person,
    );
    expect([...changedSinceLastImport(people, since)]).toEqual(['2', '3']);
  });
});
