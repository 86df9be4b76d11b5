import { describe, expect, it } from '@jest/globals';
import { type ConnectionColumns } from './find-header-row.js';
import {
  connectionMatchKey,
  normaliseConnectionRow,
  type NormaliseRowResult,
} from './normalise-connection-row.js';

// First Name,Last Name,URL,Email Address,Company,Position,Connected On
const COLUMNS: ConnectionColumns = {
  firstName: 0,
  lastName: 1,
  url: 2,
  email: 3,
  company: 4,
  position: 5,
  connectedOn: 6,
};
const NOW = new Date('2026-11-22T00:00:00Z');

function normalise(cells: string[], columns: ConnectionColumns = COLUMNS): NormaliseRowResult {
  return normaliseConnectionRow(cells, columns, 9, NOW);
}

function rowOf(cells: string[], columns?: ConnectionColumns) {
  const result = normalise(cells, columns);
  if (!result.ok) throw new Error(`row was not imported: ${JSON.stringify(result)}`);
  return result.row;
}

function skipReason(cells: string[]): string | undefined {
  const result = normalise(cells);
  return !result.ok && !result.empty ? result.skip.reason : undefined;
}

describe('normaliseConnectionRow', () => {
  it('imports a full LinkedIn row', () => {
    const cells = [
      'Ana',
      'Silva',
      'https://www.linkedin.com/in/ana-silva/',
      'ana@example.com',
      'Acme Inc.',
      'CTO',
      '24 Nov 2020',
    ];
    expect(rowOf(cells)).toEqual({
      firstName: 'Ana',
      lastName: 'Silva',
      email: 'ana@example.com',
      linkedinUrl: 'https://www.linkedin.com/in/ana-silva',
      company: 'Acme Inc.',
      companyKey: 'acme',
      position: 'CTO',
      connectedOn: '2020-11-24',
      yearsConnected: 5,
      industry: null,
      location: null,
      matchKey: 'url:https://www.linkedin.com/in/ana-silva',
    });
  });

  it('trims every field and turns empty ones into null', () => {
    const row = rowOf(['  Ana ', ' Silva', ' ', '', '  ', ' CTO ', '']);
    expect(row).toMatchObject({
      firstName: 'Ana',
      lastName: 'Silva',
      email: null,
      linkedinUrl: null,
      company: null,
    });
    expect(row).toMatchObject({ companyKey: null, position: 'CTO', connectedOn: null, yearsConnected: null });
  });

  it('reads industry and location when the file has them', () => {
    const columns = { ...COLUMNS, industry: 7, location: 8 };
    const row = rowOf(['Ana', 'Silva', '', '', 'Acme', 'CTO', '', 'Technology', 'London'], columns);
    expect(row).toMatchObject({ industry: 'Technology', location: 'London' });
  });

  it('imports a row with only a first name or only a last name', () => {
    expect(rowOf(['Cher', '', '', '', '', '', ''])).toMatchObject({ firstName: 'Cher', lastName: '' });
    expect(rowOf(['', 'Prince', '', '', '', '', ''])).toMatchObject({ firstName: '', lastName: 'Prince' });
  });

  it('skips a row with neither first nor last name, with its line number', () => {
    expect(normalise(['', ' ', '', 'ana@example.com', 'Acme', 'CTO', ''])).toEqual({
      ok: false,
      empty: false,
      skip: { line: 9, reason: 'Missing first and last name' },
    });
  });

  it('skips a fully empty row without reporting it', () => {
    expect(normalise(['', ' ', '', '', '', '', ''])).toEqual({ ok: false, empty: true });
    expect(normalise([])).toEqual({ ok: false, empty: true });
  });

  it('reads a row shorter than the header as having empty trailing fields', () => {
    expect(rowOf(['Ana', 'Silva'])).toMatchObject({ company: null, position: null, connectedOn: null });
  });

  it.each([
    [0, 'First name is longer than 100 characters', 101],
    [1, 'Last name is longer than 100 characters', 101],
    [4, 'Company is longer than 200 characters', 201],
    [5, 'Position is longer than 300 characters', 301],
    [3, 'Email address is longer than 320 characters', 321],
    [2, 'Profile URL is longer than 500 characters', 501],
  ])('skips a row whose field %i is too long: "%s"', (index, reason, length) => {
    const cells = ['Ana', 'Silva', '', '', 'Acme', 'CTO', ''];
    cells[index] = 'x'.repeat(length);
    expect(skipReason(cells)).toBe(reason);
  });

  it('accepts fields exactly at their limit', () => {
    expect(
      rowOf(['a'.repeat(100), 'b'.repeat(100), '', '', 'c'.repeat(200), 'd'.repeat(300), '']).position,
    ).toHaveLength(300);
  });

  it('measures the limit after trimming', () => {
    expect(rowOf([`  ${'a'.repeat(100)}  `, 'Silva']).firstName).toHaveLength(100);
  });

  it('skips a 100,000-character field quickly and without crashing', () => {
    expect(skipReason(['Ana', 'Silva', '', '', 'Acme', 'p'.repeat(100_000), ''])).toBe(
      'Position is longer than 300 characters',
    );
  });

  it('skips a row whose industry or location is too long', () => {
    const columns = { ...COLUMNS, industry: 7, location: 8 };
    const result = normaliseConnectionRow(
      ['Ana', 'Silva', '', '', '', '', '', '', 'l'.repeat(201)],
      columns,
      3,
      NOW,
    );
    expect(result).toEqual({
      ok: false,
      empty: false,
      skip: { line: 3, reason: 'Location is longer than 200 characters' },
    });
  });

  it('keeps formulas and markup as plain text', () => {
    const row = rowOf(['=cmd()', '<b>Silva</b>', '', '', '+SUM(A1)', '@position', '']);
    expect(row).toMatchObject({
      firstName: '=cmd()',
      lastName: '<b>Silva</b>',
      company: '+SUM(A1)',
      position: '@position',
    });
  });

  it('drops NUL characters, which the database cannot store', () => {
    expect(rowOf(['An\u0000a', 'Silva']).firstName).toBe('Ana');
  });

  it('still imports a row whose date cannot be read', () => {
    expect(rowOf(['Ana', 'Silva', '', '', '', '', 'sometime'])).toMatchObject({
      connectedOn: null,
      yearsConnected: null,
    });
  });

  it('keeps a row whose URL is not a web address, without the URL', () => {
    expect(rowOf(['Ana', 'Silva', 'not a url', '', 'Acme', '', ''])).toMatchObject({
      linkedinUrl: null,
      matchKey: 'name:ana silva|acme',
    });
  });
});

describe('connectionMatchKey', () => {
  it('matches by canonical profile URL when there is one', () => {
    const key = connectionMatchKey({
      firstName: 'Ana',
      lastName: 'Silva',
      linkedinUrl: 'https://www.linkedin.com/in/ana',
      companyKey: 'acme',
    });
    expect(key).toBe('url:https://www.linkedin.com/in/ana');
  });

  it('matches by lower-cased name and company key otherwise', () => {
    const key = connectionMatchKey({
      firstName: ' Ana  Maria',
      lastName: 'SILVA ',
      linkedinUrl: null,
      companyKey: 'acme',
    });
    expect(key).toBe('name:ana maria silva|acme');
  });

  it('matches by name alone when the company is unknown', () => {
    expect(
      connectionMatchKey({ firstName: 'Ana', lastName: 'Silva', linkedinUrl: null, companyKey: null }),
    ).toBe('name:ana silva|');
  });

  it('gives the same key to the same person spelled with another company suffix', () => {
    const a = normaliseConnectionRow(['Ana', 'Silva', '', '', 'Acme Inc.', '', ''], COLUMNS, 2, NOW);
    const b = normaliseConnectionRow(['ana', 'silva', '', '', 'ACME', '', ''], COLUMNS, 2, NOW);
    expect(a.ok && b.ok && a.row.matchKey === b.row.matchKey).toBe(true);
  });
});
