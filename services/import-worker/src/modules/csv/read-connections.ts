import {
  MAX_REPORTED_SKIPPED_ROWS,
  MAX_REPORTED_WARNINGS,
  type ImportStatus,
  type RowWarning,
  type SkippedRowReport,
  type StagedRow,
} from '@warmpath/contracts';
import {
  findHeaderRow,
  HEADER_SEARCH_LINES,
  ImportFileError,
  normaliseConnectionRow,
  type HeaderRow,
} from '@warmpath/domain';
import { CsvSyntaxError, CsvTokenizer, type CsvRow } from './csv-tokenizer.js';
import { decodeUpload } from './decode-upload.js';
import { ImportFailureError } from './import-failure.js';
import { locateCsvProblem } from './locate-csv-problem.js';
import { StagedRowMapper } from './staged-row.mapper.js';
import { StagedRowsBatch, type BatchBuilder } from './staging-batch.js';

/** Counters of one read, updated as rows go by (the progress report reads them). */
export interface ReadStats {
  /** Data rows read, blank lines not counted (usable + skipped). */
  rowsRead: number;
  usable: number;
  skipped: number;
  /** The first MAX_REPORTED_SKIPPED_ROWS skipped rows. */
  skippedRows: SkippedRowReport[];
  /** Rows imported with a warning, per kind (a row may have two). */
  warningCounts: ImportStatus['warningCounts'];
  /** The first MAX_REPORTED_WARNINGS warnings. */
  warnings: RowWarning[];
}

export const newReadStats = (): ReadStats => ({
  rowsRead: 0,
  usable: 0,
  skipped: 0,
  skippedRows: [],
  warningCounts: { 'invalid-email': 0, 'extra-empty-fields': 0 },
  warnings: [],
});

export interface ReadOptions {
  stats: ReadStats;
  now: Date;
  /** Rows per batch when the batches are arrays of rows (the default builder). */
  batchRows?: number;
  /**
   * The file again from its start, to find the line of a syntax error the parser could not place.
   * Without it (in the parse thread) such an error is thrown as a CsvSyntaxError to explain later.
   */
  reopen?: () => Promise<AsyncIterable<Uint8Array>>;
}

export { CsvSyntaxError };

/**
 * Streams an upload through the CSV tokenizer and yields its usable rows, normalised by libs/domain, in
 * batches: arrays of at most `batchRows` rows, or what `builder` makes of them (COPY text bytes in
 * the parse thread). Pull-based: the parser and the upload stream wait while the caller works on a
 * batch (backpressure). Bad rows are counted and reported in `stats`, never thrown; a file that
 * cannot be used throws an ImportFileError or ImportFailureError with the message for the user.
 */
export function readConnectionBatches(
  source: AsyncIterable<Uint8Array>,
  options: ReadOptions,
): AsyncGenerator<StagedRow[]>;
export function readConnectionBatches<T>(
  source: AsyncIterable<Uint8Array>,
  options: ReadOptions,
  builder: BatchBuilder<T>,
): AsyncGenerator<T>;
export async function* readConnectionBatches<T>(
  source: AsyncIterable<Uint8Array>,
  options: ReadOptions,
  builder: BatchBuilder<T> = new StagedRowsBatch(options.batchRows) as unknown as BatchBuilder<T>,
): AsyncGenerator<T> {
  const { stats } = options;
  const mapper = new StagedRowMapper();
  const tokenizer = new CsvTokenizer();
  const head: CsvRow[] = [];
  let header: HeaderRow | null = null;
  const take = (row: CsvRow, known: HeaderRow): void => {
    const result = normaliseConnectionRow(row.cells, known, row.line, options.now);
    if (!result.ok) {
      if (!result.empty) recordSkip(stats, result.skip);
      return;
    }
    stats.rowsRead++;
    stats.usable++;
    if (result.warnings) recordWarnings(stats, result.warnings);
    builder.add(mapper.toStagedRow(result.row, row.line));
  };
  const rows: CsvRow[] = [];
  let ended = false;
  const text = decodeUpload(source)[Symbol.asyncIterator]();
  try {
    // One decoded chunk at a time, its rows taken before the next is read: the caller's pace
    // drives the upload stream (backpressure).
    while (!ended) {
      const next = await text.next();
      rows.length = 0;
      if (next.done) {
        ended = true;
        tokenizer.end(rows);
      } else {
        tokenizer.feed(next.value, rows);
      }
      for (const row of rows) {
        if (!header) {
          head.push(row);
          if (head.length < HEADER_SEARCH_LINES) continue;
          header = readHeader(head, take);
        } else {
          take(row, header);
        }
        if (builder.full) yield builder.take();
      }
    }
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    throw options.reopen ? await explainCsvSyntaxError(error, options.reopen) : error;
  } finally {
    await text.return?.(undefined);
  }
  if (!header) readHeader(head, take);
  while (builder.rows > 0) yield builder.take();
  if (stats.rowsRead === 0) throw ImportFileError.noRows();
  if (stats.usable === 0) throw ImportFileError.noUsableRows(stats.skipped);
}

/** Finds the header among the first lines and takes the data rows read with them. */
function readHeader(head: readonly CsvRow[], take: (row: CsvRow, header: HeaderRow) => void): HeaderRow {
  const header = findHeaderRow(head.map((row) => row.cells));
  for (const row of head.slice(header.index + 1)) take(row, header);
  return header;
}

function recordWarnings(stats: ReadStats, warnings: readonly RowWarning[]): void {
  for (const warning of warnings) {
    stats.warningCounts[warning.kind]++;
    if (stats.warnings.length < MAX_REPORTED_WARNINGS) stats.warnings.push(warning);
  }
}

function recordSkip(stats: ReadStats, skip: SkippedRowReport): void {
  stats.rowsRead++;
  stats.skipped++;
  if (stats.skippedRows.length < MAX_REPORTED_SKIPPED_ROWS) stats.skippedRows.push(skip);
}

/**
 * The user-facing error for a CSV syntax error: the file is scanned again for the place to show
 * (a "closing" quote lines below its opening one blames the quote left open, see CsvProblemLocator).
 */
export async function explainCsvSyntaxError(
  error: Pick<CsvSyntaxError, 'line' | 'parserMessage'>,
  reopen: () => Promise<AsyncIterable<Uint8Array>>,
): Promise<Error> {
  const problem = await locateCsvProblem(decodeUpload(await reopen())).catch(() => null);
  if (problem?.kind === 'unterminated-quote') return ImportFileError.unterminatedQuote(problem.line);
  if (problem?.kind === 'text-after-quote') return ImportFailureError.textAfterQuote(problem.line);
  return error.parserMessage.includes('missing closing')
    ? ImportFileError.unterminatedQuote(error.line)
    : ImportFailureError.unreadable();
}
