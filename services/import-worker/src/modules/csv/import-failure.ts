import type { ImportFailure } from '@warmpath/contracts';
import { ImportFileError, isImportFileError } from '@warmpath/domain';

/**
 * An import that must end, failed, without retrying: the file cannot be used (an ImportFileError of
 * libs/domain, or one of the worker's own cases below), or retrying stopped. The message is shown
 * to the user as it is.
 */
export class ImportFailureError extends Error {
  override readonly name = 'ImportFailureError';

  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }

  /** A closing quote followed by more text: fast-csv (and RFC 4180) cannot read past it. */
  static textAfterQuote(line: number): ImportFailureError {
    return new ImportFailureError(
      'MALFORMED_CSV',
      `Line ${line} has text after a closing quote (like "Ana" Silva). Inside a quoted field write a quote as two quotes (""), then upload the file again.`,
    );
  }

  /** The parser gave up and the file's quoting looks right: say so rather than guess. */
  static unreadable(): ImportFailureError {
    return new ImportFailureError(
      'MALFORMED_CSV',
      'The file could not be read as CSV. Upload the LinkedIn export as it was downloaded.',
    );
  }

  static fileMissing(): ImportFailureError {
    return new ImportFailureError(
      'FILE_MISSING',
      'The uploaded file is no longer available (uploads are kept for a day). Upload it again.',
    );
  }

  static retriesExhausted(): ImportFailureError {
    return new ImportFailureError(
      'RETRIES_EXHAUSTED',
      'The import could not be completed because a service was unavailable. Your existing connections were not changed; please try again.',
    );
  }
}

/** The failure to record for an error that must not be retried, or null for a transient one. */
export function permanentFailureOf(error: unknown): ImportFailure | null {
  if (error instanceof ImportFailureError || isImportFileError(error)) {
    return { code: (error as ImportFailureError | ImportFileError).code, message: (error as Error).message };
  }
  return null;
}
