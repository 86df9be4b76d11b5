import { describe, expect, it } from '@jest/globals';
import { normaliseConnectionRow, type NormalisedConnection } from '@warmpath/domain';
import { StagedRowMapper } from './staged-row.mapper.js';

const COLUMNS = { firstName: 0, lastName: 1, url: 2, email: 3, company: 4, position: 5, connectedOn: 6 };

function normalised(cells: string[]): NormalisedConnection {
  const result = normaliseConnectionRow(
    cells,
    { columns: COLUMNS, width: { cells: 7, named: 7 } },
    5,
    new Date('2026-01-01T00:00:00Z'),
  );
  if (!result.ok) throw new Error('row not usable');
  return result.row;
}

describe('StagedRowMapper', () => {
  const mapper = new StagedRowMapper();

  it('adds category and seniority, and a name key beside the URL key', () => {
    const row = mapper.toStagedRow(
      normalised(['Ana', 'Silva', 'linkedin.com/in/ana', '', 'Acme Inc', 'Senior Engineer', '4 Nov 2023']),
      5,
    );
    expect(row).toEqual([
      5,
      'url:https://www.linkedin.com/in/ana',
      'name:ana silva|acme',
      'Ana',
      'Silva',
      null,
      'https://www.linkedin.com/in/ana',
      'Acme Inc',
      'acme',
      'Senior Engineer',
      '2023-11-04',
      null,
      null,
      'engineering',
      5,
    ]);
  });

  it('uses the match key as name key when there is no URL', () => {
    const row = mapper.toStagedRow(normalised(['Ana', 'Silva', '', '', 'Acme', '', '']), 9);
    expect(row[1]).toBe('name:ana silva|acme');
    expect(row[2]).toBe(row[1]);
  });
});
