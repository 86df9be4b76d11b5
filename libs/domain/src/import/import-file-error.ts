export const IMPORT_FILE_ERROR_CODES = [
  'EMPTY_FILE',
  'NO_HEADER',
  'MISSING_COLUMNS',
  'DUPLICATE_COLUMN',
  'WRONG_DELIMITER',
  'BINARY_FILE',
  'INVALID_UTF8',
  'UNTERMINATED_QUOTE',
  'NO_ROWS',
  'NO_USABLE_ROWS',
  'ARCHIVE_WITHOUT_CONNECTIONS',
  'ARCHIVE_TOO_LARGE',
  'ARCHIVE_UNREADABLE',
] as const;
export type ImportFileErrorCode = (typeof IMPORT_FILE_ERROR_CODES)[number];

/** The delimiters a mis-saved export uses instead of commas. */
export type WrongDelimiter = ';' | '\t';

const DELIMITER_NAMES: Record<WrongDelimiter, string> = { ';': 'semicolons', '\t': 'tabs' };

/**
 * A file that cannot be imported at all (docs/product.md#imports: rejected with a clear message,
 * existing data untouched). Messages are shown to users as they are: they say what is wrong
 * and, where there is one, what to do about it. Build them with the static factories.
 */
export class ImportFileError extends Error {
  override readonly name = 'ImportFileError';
  readonly code: ImportFileErrorCode;

  constructor(code: ImportFileErrorCode, message: string) {
    super(message);
    this.code = code;
  }

  static emptyFile(): ImportFileError {
    return new ImportFileError('EMPTY_FILE', 'The file is empty.');
  }

  static noHeader(): ImportFileError {
    return new ImportFileError(
      'NO_HEADER',
      "Couldn't find the LinkedIn header row (First Name, Last Name, ...) in the first 20 lines. Is this a LinkedIn Connections.csv export?",
    );
  }

  /** `missing` are column names as users know them ("Last Name", "Company"). */
  static missingColumns(missing: readonly string[]): ImportFileError {
    const list = missing.length === 1 ? `the ${missing[0]} column` : `these columns: ${missing.join(', ')}`;
    return new ImportFileError(
      'MISSING_COLUMNS',
      `The header row is missing ${list}. First Name and Last Name are required; Company and Position are expected.`,
    );
  }

  /**
   * `first`/`second`: the two header cells as written; `meaning`: what both stand for ("the
   * e-mail address"), said when they are spelled differently; `positions`: 1-based columns.
   */
  static duplicateColumn(
    first: string,
    second: string,
    meaning: string,
    positions: readonly [number, number],
  ): ImportFileError {
    const which =
      first.toLowerCase() === second.toLowerCase()
        ? `the column "${first}" twice`
        : `the columns "${first}" and "${second}", which both mean ${meaning}`;
    return new ImportFileError(
      'DUPLICATE_COLUMN',
      `The header row has ${which} (columns ${positions[0]} and ${positions[1]}), so it is not clear which one to import. Remove or rename one of them and upload the file again.`,
    );
  }

  static wrongDelimiter(delimiter: WrongDelimiter): ImportFileError {
    return new ImportFileError(
      'WRONG_DELIMITER',
      `This file separates its columns with ${DELIMITER_NAMES[delimiter]}. Upload the LinkedIn export as it was downloaded, or save it again as a comma-separated CSV file.`,
    );
  }

  static binaryFile(): ImportFileError {
    return new ImportFileError(
      'BINARY_FILE',
      'This file is not a text CSV file. If you opened it in a spreadsheet, save it again as CSV (comma-separated).',
    );
  }

  static invalidUtf8(line: number): ImportFileError {
    return new ImportFileError(
      'INVALID_UTF8',
      `The file is not valid UTF-8 text (unreadable characters near line ${line}). Save it again as "CSV UTF-8" and upload it again.`,
    );
  }

  static unterminatedQuote(line: number): ImportFileError {
    return new ImportFileError(
      'UNTERMINATED_QUOTE',
      `A quoted field that starts on line ${line} is never closed, so the rest of the file cannot be read. Check that line for a missing closing quote (").`,
    );
  }

  static noRows(): ImportFileError {
    return new ImportFileError('NO_ROWS', 'The file has a header but no connections.');
  }

  static archiveWithoutConnections(): ImportFileError {
    return new ImportFileError(
      'ARCHIVE_WITHOUT_CONNECTIONS',
      'This ZIP archive has no Connections.csv. Upload the archive LinkedIn sent you (it holds Connections.csv), or the Connections.csv file itself.',
    );
  }

  /** `why` ends the first sentence: "it holds more than 10000 files". */
  static archiveTooLarge(why: string): ImportFileError {
    return new ImportFileError(
      'ARCHIVE_TOO_LARGE',
      `This ZIP archive cannot be read safely: ${why}. Unzip it and upload the Connections.csv file from it instead.`,
    );
  }

  static archiveUnreadable(why: string): ImportFileError {
    return new ImportFileError(
      'ARCHIVE_UNREADABLE',
      `This ZIP archive cannot be read: ${why}. Unzip it and upload the Connections.csv file from it instead.`,
    );
  }

  static noUsableRows(skipped: number): ImportFileError {
    const rows = skipped === 1 ? 'the only row' : `all ${skipped} rows`;
    return new ImportFileError(
      'NO_USABLE_ROWS',
      `None of the connections could be imported: ${rows} had a problem. The import report lists each line and why it was skipped.`,
    );
  }
}

/** True for an ImportFileError, also across realms (a Web Worker, a NATS reply) where instanceof fails. */
export function isImportFileError(error: unknown): error is ImportFileError {
  if (error instanceof ImportFileError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const { name, code } = error as { name?: unknown; code?: unknown };
  return name === 'ImportFileError' && IMPORT_FILE_ERROR_CODES.includes(code as ImportFileErrorCode);
}
