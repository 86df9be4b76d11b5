import { describe, expect, it } from '@jest/globals';
import { ImportFileError } from './import-file-error.js';
import { detectDelimiterProblem, findHeaderRow } from './find-header-row.js';

/** Naive split, enough for test lines without quotes. */
const lines = (...rows: string[]): string[][] => rows.map((row) => row.split(','));

function errorOf(action: () => unknown): ImportFileError {
  try {
    action();
  } catch (error) {
    if (error instanceof ImportFileError) return error;
    throw error;
  }
  throw new Error('expected an ImportFileError');
}

const CURRENT_HEADER = 'First Name,Last Name,URL,Email Address,Company,Position,Connected On';

describe('findHeaderRow', () => {
  it("finds the header of LinkedIn's current export after its Notes preamble", () => {
    const file = [
      ['Notes:'],
      [
        'When exporting your connection data, you may notice that some of the email addresses are missing. You will only see email addresses for connections who have allowed their connections to see or download their email address.',
      ],
      [''],
      CURRENT_HEADER.split(','),
      ['Ana', 'Silva', 'https://www.linkedin.com/in/ana', '', 'Acme', 'CTO', '24 Nov 2023'],
    ];
    expect(findHeaderRow(file)).toEqual({
      index: 3,
      columns: { firstName: 0, lastName: 1, url: 2, email: 3, company: 4, position: 5, connectedOn: 6 },
      width: { cells: 7, named: 7 },
    });
  });

  it('finds the header of an older 6-column export without URL and without preamble', () => {
    const file = lines(
      'First Name,Last Name,Email Address,Company,Position,Connected On',
      'Ana,Silva,,Acme,CTO,24 Nov 2023',
    );
    expect(findHeaderRow(file)).toEqual({
      index: 0,
      columns: { firstName: 0, lastName: 1, email: 2, company: 3, position: 4, connectedOn: 5 },
      width: { cells: 6, named: 6 },
    });
  });

  it('reads columns in any order and ignores unknown ones', () => {
    const file = lines('Position,Tags,Company,Last Name,First Name,Notes');
    expect(findHeaderRow(file).columns).toEqual({ position: 0, company: 2, lastName: 3, firstName: 4 });
  });

  it('ignores case, surrounding spaces and a byte-order mark in header names', () => {
    const file = [['\uFEFFfirst name ', ' LAST NAME', 'company']];
    expect(findHeaderRow(file).columns).toEqual({ firstName: 0, lastName: 1, company: 2 });
  });

  it('accepts the other names exports give the same columns', () => {
    const file = lines(
      'First Name,Last Name,Profile URL,E-mail Address,Organization,Job Title,Connected,Industry,Location',
    );
    expect(findHeaderRow(file).columns).toEqual({
      firstName: 0,
      lastName: 1,
      url: 2,
      email: 3,
      company: 4,
      position: 5,
      connectedOn: 6,
      industry: 7,
      location: 8,
    });
    expect(
      findHeaderRow(lines('First Name,Last Name,LinkedIn URL,Email,Company Name,Title')).columns,
    ).toEqual({
      firstName: 0,
      lastName: 1,
      url: 2,
      email: 3,
      company: 4,
      position: 5,
    });
  });

  it('rejects a header naming the same column twice, naming it', () => {
    const error = errorOf(() => findHeaderRow(lines('First Name,Last Name,Company,Position,Company')));
    expect(error).toMatchObject({
      code: 'DUPLICATE_COLUMN',
      message:
        'The header row has the column "Company" twice (columns 3 and 5), so it is not clear which one to import. Remove or rename one of them and upload the file again.',
    });
  });

  it('rejects two columns with the same meaning, naming both', () => {
    const error = errorOf(() => findHeaderRow(lines('First Name,Last Name,Email,Email Address')));
    expect(error.message).toBe(
      'The header row has the columns "Email" and "Email Address", which both mean the e-mail address (columns 3 and 4), so it is not clear which one to import. Remove or rename one of them and upload the file again.',
    );
  });

  it('ignores a column it does not read appearing twice', () => {
    expect(findHeaderRow(lines('First Name,Last Name,Notes,Notes')).columns).toEqual({
      firstName: 0,
      lastName: 1,
    });
  });

  it('measures the header: its cells, and up to its last named column', () => {
    expect(findHeaderRow([['First Name', 'Last Name', 'Company', '', ' ']]).width).toEqual({
      cells: 5,
      named: 3,
    });
  });

  it('rejects an empty file', () => {
    expect(errorOf(() => findHeaderRow([])).code).toBe('EMPTY_FILE');
    expect(errorOf(() => findHeaderRow([[''], ['  ']])).code).toBe('EMPTY_FILE');
  });

  it('rejects a file without a header in the first 20 lines', () => {
    const file = [...Array.from({ length: 20 }, () => ['filler']), CURRENT_HEADER.split(',')];
    expect(errorOf(() => findHeaderRow(file))).toMatchObject({
      code: 'NO_HEADER',
      message: expect.stringContaining('in the first 20 lines'),
    });
  });

  it('rejects a CSV that is not a connections export', () => {
    expect(
      errorOf(() => findHeaderRow(lines('Date,Amount,Description', '2024-01-01,12.50,Coffee'))).code,
    ).toBe('NO_HEADER');
  });

  it('names the missing name column of a header that has the others', () => {
    const error = errorOf(() => findHeaderRow(lines('First Name,Email Address,Company,Position')));
    expect(error.code).toBe('MISSING_COLUMNS');
    expect(error.message).toContain('missing the Last Name column');
  });

  it('names every missing column, required and expected', () => {
    const error = errorOf(() => findHeaderRow(lines('Last Name,Email Address,Position')));
    expect(error.message).toContain('missing these columns: First Name, Company.');
  });

  it('says when the file uses semicolons instead of commas', () => {
    const file = [['First Name;Last Name;URL;Email Address;Company;Position;Connected On']];
    expect(errorOf(() => findHeaderRow(file)).code).toBe('WRONG_DELIMITER');
  });
});

describe('detectDelimiterProblem', () => {
  it('finds a semicolon-separated header', () => {
    expect(detectDelimiterProblem([['Notes:'], ['First Name;Last Name;Company;Position']])).toBe(';');
  });

  it('finds a semicolon header even when a comma split it into several cells', () => {
    expect(detectDelimiterProblem([['First Name;Last Name;Company', ' Inc;Position']])).toBe(';');
  });

  it('finds a tab-separated header', () => {
    expect(detectDelimiterProblem([['First Name\tLast Name\tCompany\tPosition']])).toBe('\t');
  });

  it('finds nothing in a comma-separated file or in text that merely contains semicolons', () => {
    expect(detectDelimiterProblem(lines(CURRENT_HEADER))).toBeNull();
    expect(detectDelimiterProblem([['Notes; more notes; and more']])).toBeNull();
  });
});
