import { describe, expect, it } from '@jest/globals';
import { csvCell, csvDocument, escapeFormula } from './csv-cell.js';

describe('escapeFormula', () => {
  it.each(['=SUM(A1)', '+1', '-2+3', '@cmd', '\tTAB', '\rCR'])(
    'makes %j inert text with a leading apostrophe',
    (value) => {
      expect(escapeFormula(value)).toBe(`'${value}`);
    },
  );

  it('leaves ordinary text alone', () => {
    expect(escapeFormula('Acme, Inc.')).toBe('Acme, Inc.');
    expect(escapeFormula('a=b')).toBe('a=b');
    expect(escapeFormula('')).toBe('');
  });
});

describe('csvCell', () => {
  it('quotes separators, quotes and line breaks as RFC 4180 says', () => {
    expect(csvCell('Acme, Inc.')).toBe('"Acme, Inc."');
    expect(csvCell('The "best"')).toBe('"The ""best"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('escapes a formula and then quotes it when needed', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
  });

  it('writes numbers as they are and empty values as nothing', () => {
    expect(csvCell(6)).toBe('6');
    expect(csvCell(-1)).toBe('-1');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });
});

describe('csvDocument', () => {
  it('joins escaped cells with commas and rows with CRLF, after a byte-order mark', () => {
    expect(
      csvDocument([
        ['Name', 'Note'],
        ['=1+1', 'a, b'],
      ]),
    ).toBe(`\uFEFFName,Note\r\n'=1+1,"a, b"\r\n`);
  });
});
