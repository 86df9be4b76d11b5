import { ImportFileError, isImportFileError, type ImportFileErrorCode } from '@warmpath/domain';
import { ImportFailureError } from './import-failure.js';
import { CsvSyntaxError, type ReadStats } from './read-connections.js';

/** What the parse thread is given for one read (its first message: a thread may be started ahead of it). */
export interface ParseThreadData {
  /** ISO time "now" of the import (years connected are counted from it). */
  now: string;
  batchRows: number;
}

/** Main thread → parse thread. */
export type ToParseThread =
  | ({ type: 'start' } & ParseThreadData)
  | { type: 'chunk'; bytes: Uint8Array }
  | { type: 'end' }
  | { type: 'ack' };

/** A failure as it crosses the thread boundary (class instances arrive as plain objects). */
export interface ThreadError {
  name: string;
  message: string;
  code?: string;
  line?: number;
  parserMessage?: string;
}

/** Parse thread → main thread. */
export type FromParseThread =
  | { type: 'pull' }
  /** `bytes`: the rows as COPY text in UTF-8, its buffer transferred (not copied) to the main thread. */
  | { type: 'batch'; rowCount: number; bytes: Uint8Array<ArrayBuffer>; stats: ReadStats }
  | { type: 'done'; stats: ReadStats }
  | { type: 'failed'; error: ThreadError; stats: ReadStats };

export function toThreadError(error: unknown): ThreadError {
  if (error instanceof CsvSyntaxError)
    return { name: error.name, message: error.message, line: error.line, parserMessage: error.parserMessage };
  if (error instanceof ImportFailureError || isImportFileError(error)) {
    return { name: error.name, message: error.message, code: error.code };
  }
  return { name: 'Error', message: error instanceof Error ? error.message : String(error) };
}

/** The error again as the class it was, so the runner tells a bad file from a transient failure. */
export function fromThreadError(error: ThreadError): Error {
  if (error.name === 'CsvSyntaxError') return new CsvSyntaxError(error.line ?? 1, error.parserMessage ?? '');
  if (error.name === 'ImportFailureError')
    return new ImportFailureError(error.code ?? 'MALFORMED_CSV', error.message);
  if (isImportFileError(error)) return new ImportFileError(error.code as ImportFileErrorCode, error.message);
  return new Error(error.message);
}
