import { describe, expect, it } from '@jest/globals';
import { copyLine, copyValue, encodeStagedRows } from './copy-text.js';

describe('copyValue', () => {
  it('writes null as \\N and numbers as digits', () => {
    expect(copyValue(null)).toBe('\\N');
    expect(copyValue(42)).toBe('42');
  });

  it('escapes backslashes, tabs and line breaks so a cell cannot start a new column or row', () => {
    expect(copyValue('a\\b\tc\nd\re')).toBe('a\\\\b\\tc\\nd\\re');
  });

  it('keeps quotes, commas, formulas and markup as they are', () => {
    expect(copyValue('=HYPERLINK("x"),<b>')).toBe('=HYPERLINK("x"),<b>');
  });

  it('keeps a literal "\\N" text apart from null', () => {
    expect(copyValue('\\N')).toBe('\\\\N');
  });
});

describe('copyLine', () => {
  it('joins values with tabs and ends the row', () => {
    expect(copyLine(['Ana', null, 3])).toBe('Ana\t\\N\t3\n');
  });
});

describe('encodeStagedRows', () => {
  it('writes one line per row with nulls as \\N', () => {
    const text = encodeStagedRows([
      [
        5,
        'url:x',
        'name:ana silva|acme',
        'Ana',
        'Silva',
        null,
        'x',
        'Acme',
        'acme',
        'CTO',
        '2020-01-02',
        null,
        null,
        'executive',
        9,
      ],
    ]);
    expect(text).toBe(
      '5\turl:x\tname:ana silva|acme\tAna\tSilva\t\\N\tx\tAcme\tacme\tCTO\t2020-01-02\t\\N\t\\N\texecutive\t9\n',
    );
  });
});
