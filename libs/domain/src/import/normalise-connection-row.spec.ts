import { describe, expect, it } from '@jest/globals';
import { type ConnectionColumns, type HeaderWidth } from './find-header-row.js';
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
const WIDTH: HeaderWidth = { cells: 7, named: 7 };
const HEADER = { columns: COLUMNS, width: WIDTH };

function normalise(
  cells: string[],
  columns: ConnectionColumns = COLUMNS,
  width: HeaderWidth = { cells: Math.max(7, cells.length), named: Math.max(7, cells.length) },
): NormaliseRowResult {
  return normaliseConnectionRow(cells, { columns, width }, 9, NOW);
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
      { columns, width: { cells: 9, named: 9 } },
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

  it('skips a row holding a NUL character (a damaged file) and says so', () => {
    expect(skipReason(['An\u0000a', 'Silva'])).toBe(
      'Contains NUL characters (the file may be damaged), so its values cannot be trusted',
    );
    expect(skipReason(['Ana', 'Silva', '', '', '', '', '', 'x\u0000'])).toMatch(/^Contains NUL/);
  });

  it('takes a row of nothing but NUL bytes (the tail of a truncated download) for an empty row', () => {
    expect(normalise(['\u0000\u0000\u0000\u0000'])).toEqual({ ok: false, empty: true });
    expect(normalise(['\u0000\u0000', ' \u0000'])).toEqual({ ok: false, empty: true });
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
    const a = normaliseConnectionRow(['Ana', 'Silva', '', '', 'Acme Inc.', '', ''], HEADER, 2, NOW);
    const b = normaliseConnectionRow(['ana', 'silva', '', '', 'ACME', '', ''], HEADER, 2, NOW);
    expect(a.ok && b.ok && a.row.matchKey === b.row.matchKey).toBe(true);
  });
});

describe('normaliseConnectionRow: more values than the header has columns', () => {
  const url = 'https://www.linkedin.com/in/ana';
  const wide = (cells: string[], width: HeaderWidth = WIDTH) => normalise(cells, COLUMNS, width);

  it('skips a row shifted by an unquoted comma instead of storing its values in the wrong columns', () => {
    // "Acme, Inc." without quotes: company "Acme", position " Inc.", the date lost.
    expect(wide(['Ana', 'Silva', url, '', 'Acme', ' Inc.', 'CTO', '24 Nov 2023'])).toEqual({
      ok: false,
      empty: false,
      skip: {
        line: 9,
        reason:
          'Has 8 values but the header has 7 columns (probably a comma in a value without quotes, such as "Acme, Inc."), so its values cannot be matched to the columns',
      },
    });
  });

  it('skips a shifted row even when the shifted values end up empty', () => {
    // "Acme, Inc.,," (no position, no date): the extra cell is empty, yet "Inc." would be the position.
    expect(wide(['Ana', 'Silva', url, '', 'Acme', ' Inc.', '', '']).ok).toBe(false);
  });

  it('skips a row with a value under a column the header leaves unnamed', () => {
    const cells = ['Ana', 'Silva', url, '', 'Acme', ' Inc.', 'CTO', '24 Nov 2023', ''];
    expect(wide(cells, { cells: 9, named: 7 })).toMatchObject({ ok: false, empty: false });
  });

  it('repairs only empty extra values after a date in its own last column, with a warning', () => {
    const result = wide(['Ana', 'Silva', url, '', 'Acme', 'CTO', '24 Nov 2023', '', ' ']);
    expect(result).toMatchObject({
      ok: true,
      row: { company: 'Acme', position: 'CTO', connectedOn: '2023-11-24' },
      warnings: [
        { line: 9, kind: 'extra-empty-fields', message: 'Empty values after the last column were ignored' },
      ],
    });
  });

  it('does not repair when the last column is not a date it can read', () => {
    expect(wide(['Ana', 'Silva', url, '', 'Acme', 'Inc.', 'sometime', '']).ok).toBe(false);
  });

  it('reads as many values as the header has columns, blank header columns included, without a word', () => {
    const result = wide(['Ana', 'Silva', url, '', 'Acme', 'CTO', '24 Nov 2023', '', ''], {
      cells: 9,
      named: 7,
    });
    expect(result).toMatchObject({ ok: true, row: { company: 'Acme' } });
    expect(result.ok && result.warnings).toBeUndefined();
  });
});

describe('normaliseConnectionRow: the e-mail column', () => {
  const withEmail = (email: string) => normalise(['Ana', 'Silva', '', email, 'Acme', 'CTO', '']);

  it.each(['ana@example.com', 'ana.silva+work@mail.example.co.uk', "o'neil@example.org"])(
    'keeps the address %s',
    (email) => {
      expect(withEmail(email)).toMatchObject({ ok: true, row: { email } });
      expect(withEmail(email)).not.toHaveProperty('warnings');
    },
  );

  it.each([
    ['free text', 'ask me on LinkedIn'],
    ['a spreadsheet formula', '=HYPERLINK("mailto:a@b.com","mail")'],
    ['a formula that looks like an address', '=a@b.com'],
    ['no domain', 'ana@'],
    ['no dot in the domain', 'ana@localhost'],
    ['two at signs', 'ana@b@example.com'],
    ['a space', 'ana silva@example.com'],
    ['a list', 'ana@example.com, ben@example.com'],
    ['a domain ending in a dot', 'ana@example.'],
  ])('drops %s (%s), keeps the person and warns', (_case, email) => {
    expect(withEmail(email)).toEqual({
      ok: true,
      row: expect.objectContaining({ firstName: 'Ana', email: null }),
      warnings: [
        {
          line: 9,
          kind: 'invalid-email',
          message: 'The value in the e-mail column is not an e-mail address and was left out',
        },
      ],
    });
  });
});
