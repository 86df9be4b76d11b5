import { describe, expect, it } from 'vitest';
import { assignColumn } from './column-mapping-step';
import { connectorsInResults, filterTargetRows, sortTargetRows } from './target-results-view';
import { buildResults } from './targets.testing';

const { rows } = buildResults();
const names = (list: typeof rows) =>
  list.map((row) => (row.target.kind === 'company' ? row.target.name : ''));

describe('target results view', () => {
  it('sorts highest first and keeps the ranking among equals', () => {
    expect(names(sortTargetRows(rows, 'rank'))).toEqual(['Globex', 'Initech', 'Umbrela Corp']);
    expect(names(sortTargetRows(rows, 'warmth'))).toEqual(['Globex', 'Initech', 'Umbrela Corp']);
    expect(names(sortTargetRows(rows, 'connectors'))).toEqual(['Initech', 'Globex', 'Umbrela Corp']);
    expect(names(sortTargetRows([...rows].reverse(), 'seniority'))).toEqual([
      'Globex',
      'Initech',
      'Umbrela Corp',
    ]);
  });

  it('filters by coverage and by connector, best or other', () => {
    expect(names(filterTargetRows(rows, { coverage: 'uncovered', connector: null }))).toEqual([
      'Umbrela Corp',
    ]);
    expect(names(filterTargetRows(rows, { coverage: 'all', connector: 2 }))).toEqual(['Globex', 'Initech']);
    expect(names(filterTargetRows(rows, { coverage: 'covered', connector: 1 }))).toEqual(['Initech']);
    expect(connectorsInResults(rows)).toEqual([2, 1]);
  });

  it('gives a column one field, taking it from any other column', () => {
    const mapping = { headerRow: 0, columns: { company: 0, domain: 1 }, unsure: true, doubts: ['x'] };
    expect(assignColumn(mapping, 1, 'company')).toEqual({
      headerRow: 0,
      columns: { company: 1 },
      unsure: false,
      doubts: [],
    });
    expect(assignColumn(mapping, 0, 'ignore').columns).toEqual({ domain: 1 });
  });
});
