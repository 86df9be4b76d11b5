import { describe, expect, it } from '@jest/globals';
import { ImportFileError, isImportFileError } from './import-file-error.js';

describe('ImportFileError', () => {
  it('is an Error with a code and the message users see', () => {
    const error = ImportFileError.emptyFile();
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ImportFileError');
    expect(error.code).toBe('EMPTY_FILE');
    expect(error.message).toBe('The file is empty.');
  });

  it('asks whether the file is a LinkedIn export when there is no header', () => {
    expect(ImportFileError.noHeader()).toMatchObject({
      code: 'NO_HEADER',
      message:
        "Couldn't find the LinkedIn header row (First Name, Last Name, ...) in the first 20 lines. Is this a LinkedIn Connections.csv export?",
    });
  });

  it('names the one missing column', () => {
    expect(ImportFileError.missingColumns(['Last Name'])).toMatchObject({
      code: 'MISSING_COLUMNS',
      message:
        'The header row is missing the Last Name column. First Name and Last Name are required; Company and Position are expected.',
    });
  });

  it('lists several missing columns', () => {
    expect(ImportFileError.missingColumns(['First Name', 'Company']).message).toContain(
      'missing these columns: First Name, Company.',
    );
  });

  it('says the file uses semicolons or tabs and must be comma-separated', () => {
    const semicolons = ImportFileError.wrongDelimiter(';');
    expect(semicolons.code).toBe('WRONG_DELIMITER');
    expect(semicolons.message).toContain('separates its columns with semicolons');
    expect(semicolons.message).toContain('comma-separated');
    expect(ImportFileError.wrongDelimiter('\t').message).toContain('separates its columns with tabs');
  });

  it('says a binary file is not a text CSV file', () => {
    expect(ImportFileError.binaryFile()).toMatchObject({ code: 'BINARY_FILE' });
    expect(ImportFileError.binaryFile().message).toMatch(/^This file is not a text CSV file\./);
  });

  it('names the line of invalid UTF-8 and of an unterminated quote', () => {
    expect(ImportFileError.invalidUtf8(12)).toMatchObject({ code: 'INVALID_UTF8' });
    expect(ImportFileError.invalidUtf8(12).message).toContain('near line 12');
    expect(ImportFileError.unterminatedQuote(7)).toMatchObject({ code: 'UNTERMINATED_QUOTE' });
    expect(ImportFileError.unterminatedQuote(7).message).toContain('starts on line 7 is never closed');
  });

  it('tells a header-only file from a file whose rows were all unusable', () => {
    expect(ImportFileError.noRows()).toMatchObject({
      code: 'NO_ROWS',
      message: 'The file has a header but no connections.',
    });
    expect(ImportFileError.noUsableRows(3)).toMatchObject({ code: 'NO_USABLE_ROWS' });
    expect(ImportFileError.noUsableRows(3).message).toContain('all 3 rows had a problem');
    expect(ImportFileError.noUsableRows(1).message).toContain('the only row had a problem');
  });
});

describe('isImportFileError', () => {
  it('recognises the error, also as a plain object that crossed a worker boundary', () => {
    expect(isImportFileError(ImportFileError.noRows())).toBe(true);
    expect(isImportFileError({ name: 'ImportFileError', code: 'NO_ROWS', message: 'x' })).toBe(true);
  });

  it('rejects other errors and values', () => {
    expect(isImportFileError(new Error('boom'))).toBe(false);
    expect(isImportFileError({ name: 'ImportFileError', code: 'SOMETHING_ELSE' })).toBe(false);
    expect(isImportFileError(null)).toBe(false);
  });
});
