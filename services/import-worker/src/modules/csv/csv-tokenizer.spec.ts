import { describe, expect, it } from '@jest/globals';
import { parseString } from 'fast-csv';
import { CsvSyntaxError, CsvTokenizer, MAX_CELL_CHARS, type CsvRow } from './csv-tokenizer.js';

/** Tokenizes text fed in the given pieces. */
function tokenize(...pieces: string[]): CsvRow[] {
  const tokenizer = new CsvTokenizer();
  const rows: CsvRow[] = [];
  for (const piece of pieces) tokenizer.feed(piece, rows);
  tokenizer.end(rows);
  return rows;
}

const cellsOf = (rows: CsvRow[]) => rows.map((row) => row.cells);

/** Every way to cut `text` into two pieces, plus one piece per character. */
function splits(text: string): string[][] {
  const ways = [[text], [...text]];
  for (let i = 1; i < text.length; i++) ways.push([text.slice(0, i), text.slice(i)]);
  return ways;
}

function syntaxErrorOf(...pieces: string[]): CsvSyntaxError {
  try {
    tokenize(...pieces);
  } catch (error) {
    if (error instanceof CsvSyntaxError) return error;
    throw error;
  }
  throw new Error('expected a syntax error');
}

/** fast-csv's reading of the same text (what the tokenizer replaced), or 'error'. */
function fastCsv(text: string): Promise<string[][] | 'error'> {
  return new Promise((resolve) => {
    const rows: string[][] = [];
    parseString<string[], string[]>(text, { headers: false, ignoreEmpty: false })
      .on('data', (row: string[]) => rows.push(row))
      .on('error', () => resolve('error'))
      .on('end', () => resolve(rows));
  });
}

/**
 * The rows that are not blank, as the row rules see them (every cell trimmed). Blank rows are
 * skipped without a word, and fast-csv is erratic about them (a CR right after a quoted field,
 * spaces at the very end) and about unquoted spaces; lines are checked by the tests above.
 */
function blankRowsAlike(rows: string[][]): string[][] {
  return rows
    .map((cells) => cells.map((cell) => cell.trim()))
    .filter((cells) => !cells.every((cell) => cell === ''));
}

describe('CsvTokenizer', () => {
  it('reads quoted commas, doubled quotes and line breaks, wherever the chunks are cut', () => {
    const text = 'a,b\r\n"Acme, Inc.","The ""Boss"""\n"two\nlines",x\n';
    for (const pieces of splits(text)) {
      expect(tokenize(...pieces)).toEqual([
        { cells: ['a', 'b'], line: 1 },
        { cells: ['Acme, Inc.', 'The "Boss"'], line: 2 },
        { cells: ['two\nlines', 'x'], line: 3 },
      ]);
    }
  });

  it('ends rows at LF, CRLF (even split between chunks) and a lone CR, and numbers lines as an editor does', () => {
    for (const pieces of splits('a\r\nb\rc\n"d\r\ne"\r\nf')) {
      expect(tokenize(...pieces)).toEqual([
        { cells: ['a'], line: 1 },
        { cells: ['b'], line: 2 },
        { cells: ['c'], line: 3 },
        { cells: ['d\r\ne'], line: 4 },
        { cells: ['f'], line: 6 },
      ]);
    }
  });

  it('keeps empty cells, blank lines as empty rows, and a last row without a line break', () => {
    expect(cellsOf(tokenize('a,,b,\n\n,x\n,'))).toEqual([['a', '', 'b', ''], [], ['', 'x'], ['', '']]);
  });

  it('ignores spaces around quotes and keeps a quote inside an unquoted field as text', () => {
    expect(cellsOf(tokenize('  "Ana" ,Li"m"a, b\n'))).toEqual([['Ana', 'Li"m"a', ' b']]);
  });

  it('refuses text after a closing quote, on its line', () => {
    for (const pieces of splits('a,b\n"multi\nline",x\n"Ana" Silva,y\n')) {
      expect(syntaxErrorOf(...pieces)).toMatchObject({
        line: 4,
        parserMessage: expect.stringContaining("expected: ','"),
      });
    }
  });

  it('refuses a quote never closed, naming the line it opens on', () => {
    for (const pieces of splits('a,b\nc,d\ne,"f\ng,h\n')) {
      expect(syntaxErrorOf(...pieces)).toMatchObject({
        line: 3,
        parserMessage: expect.stringContaining('missing closing'),
      });
    }
  });

  it('caps a runaway cell instead of growing it without bound, still longer than any field limit', () => {
    const huge = 'x'.repeat(MAX_CELL_CHARS * 3);
    const pieces = ['a,"', ...huge.match(/.{1,50000}/g)!, '",b\nc,d\n'];
    const rows = tokenize(...pieces);
    expect(rows[0]?.cells[1]).toHaveLength(MAX_CELL_CHARS);
    expect(rows[0]?.cells[2]).toBe('b');
    expect(rows[1]).toEqual({ cells: ['c', 'd'], line: 2 });
  });

  it('reads random text as fast-csv did, as far as the row rules can tell', async () => {
    // A fixed-seed generator: the same cases on every run.
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const alphabet = ['a', 'bc', ',', ',', '"', '""', '\n', '\r\n', '\r', ' ', 'é'];
    let compared = 0;
    for (let n = 0; n < 1500; n++) {
      const length = 1 + Math.floor(random() * 12);
      const text = Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
      const expected = await fastCsv(text);
      let actual: string[][] | 'error';
      try {
        actual = blankRowsAlike(cellsOf(tokenize(...(n % 2 === 0 ? [text] : [...text]))));
      } catch (error) {
        if (!(error instanceof CsvSyntaxError)) throw error;
        actual = 'error';
      }
      expect({ text: JSON.stringify(text), rows: actual }).toEqual({
        text: JSON.stringify(text),
        rows: expected === 'error' ? expected : blankRowsAlike(expected),
      });
      compared++;
    }
    expect(compared).toBe(1500);
  });
});
