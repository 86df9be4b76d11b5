import type { TargetUploadErrorCode } from '@warmpath/contracts';

/**
 * A target file or paste refused whole; nothing is stored (docs/targets.md#files). Messages are
 * shown to users as they are: what is wrong and what to do. Build them with the factories.
 */
export class TargetFileError extends Error {
  override readonly name = 'TargetFileError';

  constructor(
    readonly code: TargetUploadErrorCode,
    message: string,
  ) {
    super(message);
  }

  /** `what`: what the file was taken for ("a PDF document", "a ZIP archive"). */
  static unsupported(what: string): TargetFileError {
    return new TargetFileError(
      'UNSUPPORTED_FILE',
      `This file is ${what}, not a CSV or Excel (.xlsx) file. Save your list as CSV or .xlsx, or paste it.`,
    );
  }

  static empty(): TargetFileError {
    return new TargetFileError('EMPTY_FILE', 'The file is empty: there are no targets in it.');
  }

  static noTargetColumn(): TargetFileError {
    return new TargetFileError(
      'NO_TARGET_COLUMN',
      'No column names a company or a person. Add a header such as "Company", "Domain", "Website", "LinkedIn URL", or "First Name" and "Last Name" with "Company".',
    );
  }

  static tooManyRows(rows: number, max: number): TargetFileError {
    return new TargetFileError(
      'TOO_MANY_ROWS',
      `The list has ${rows.toLocaleString('en')} rows; a list holds at most ${max.toLocaleString('en')}. Split it into several lists.`,
    );
  }

  static tooLarge(bytes: number, max: number): TargetFileError {
    const mb = (n: number) => `${(n / (1024 * 1024)).toFixed(1)} MB`;
    return new TargetFileError(
      'FILE_TOO_LARGE',
      `The file is ${mb(bytes)}; a target list file may be at most ${mb(max)}. Remove columns you do not need, or split the list.`,
    );
  }

  static invalidUtf8(line: number): TargetFileError {
    return new TargetFileError(
      'INVALID_UTF8',
      `The file is not valid UTF-8 text (unreadable characters near line ${line}). Save it again as "CSV UTF-8", or as .xlsx.`,
    );
  }

  static unterminatedQuote(line: number): TargetFileError {
    return new TargetFileError(
      'UNTERMINATED_QUOTE',
      `A quoted cell that starts on line ${line} is never closed, so the rest of the file cannot be read. Check that line for a missing closing quote (").`,
    );
  }

  /** `why` ends the sentence: "it has no worksheet". */
  static unreadableWorkbook(why: string): TargetFileError {
    return new TargetFileError(
      'UNREADABLE_WORKBOOK',
      `This Excel file cannot be read: ${why}. Open it and save it again as .xlsx or CSV.`,
    );
  }
}

/** True for a TargetFileError, also across realms (a Web Worker, a NATS reply) where instanceof fails. */
export function isTargetFileError(error: unknown): error is TargetFileError {
  if (error instanceof TargetFileError) return true;
  if (typeof error !== 'object' || error === null) return false;
  return (
    (error as { name?: unknown }).name === 'TargetFileError' &&
    typeof (error as { code?: unknown }).code === 'string'
  );
}
