import { describe, expect, it } from '@jest/globals';
import { parseString } from 'fast-csv';
import { detectCsvDelimiter, parseCsvText } from './csv-text.js';
import { TargetFileError } from './target-file-error.js';

/** fast-csv's reading of the same text (the import's reference). */
function fastCsv(text: string, delimiter = ','): Promise<string[][]> {
  return new Promise((resolve, reject) => {
    const rows: string[][] = [];
    parseString(text, { delimiter })
      .on('data', (row: string[]) => rows.push(row))
      .on('error', reject)
      .on('end', () => resolve(rows));
  });
}

const cellsOf = (text: string, delimiter?: ',' | ';' | '\t') =>
  parseCsvText(text, delimiter).map((row) => row.cells);

describe('parseCsvText', () => {
  it.each([
    'Company,Website\nAcme,acme.com\nGlobex,globex.com',
    'Company,Website\r\nAcme,acme.com\r\n',
    'Company\r"Acme, Inc."\rGlobex',
    'a,"b ""quoted"" c",d\n"line\nbreak",x,y',
    'a, "spaced" ,b\nc,d"e,f',
    'one\n\ntwo',
  ])('reads %j as fast-csv does', async (text) => {
    expect(cellsOf(text)).toEqual(await fastCsv(text));
  });

  it('gives the line each row starts on, past quoted line breaks', () => {
    const rows = parseCsvText('h\n"a\nb"\nc\r\n"d\r\ne"\nf');
    expect(rows.map((row) => row.line)).toEqual([1, 2, 4, 5, 7]);
  });

  it('refuses a quoted cell never closed, with its line', () => {
    expect(() => parseCsvText('Company\nAcme\n"Globex, Inc\nInitech')).toThrow(TargetFileError);
    try {
      parseCsvText('Company\nAcme\n"Globex, Inc\nInitech');
    } catch (error) {
      expect(error).toMatchObject({ code: 'UNTERMINATED_QUOTE' });
      expect((error as Error).message).toContain('line 3');
    }
  });

  it('reads semicolon and tab files by their header', () => {
    expect(detectCsvDelimiter('Company;Website\nAcme, Inc.;acme.com')).toBe(';');
    expect(detectCsvDelimiter('\n\nCompany\tWebsite')).toBe('\t');
    expect(detectCsvDelimiter('Company\nAcme')).toBe(',');
    expect(cellsOf('Company;Website\n"Acme; Inc.";acme.com')).toEqual([
      ['Company', 'Website'],
      ['Acme; Inc.', 'acme.com'],
    ]);
  });
});
