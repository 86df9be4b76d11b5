import {
  MAX_REPORTED_SKIPPED_ROWS,
  STAGE_BATCH_MAX_BYTES,
  STAGE_BATCH_ROWS,
  type SkippedRowReport,
  type StagedRow,
} from '@warmpath/contracts';
import {
  findHeaderRow,
  HEADER_SEARCH_LINES,
  ImportFileError,
  normaliseConnectionRow,
  type ConnectionColumns,
} from '@warmpath/domain';
import { CsvSyntaxError, CsvTokenizer, type CsvRow } from './csv-tokenizer.js';
import { decodeUpload } from './decode-upload.js';
import { ImportFailureError } from './import-failure.js';
import { locateCsvProblem } from './locate-csv-problem.js';
import { StagedRowMapper } from './staged-row.mapper.js';

/** Counters of one read, updated as rows go by (the progress report reads them). */
export interface ReadStats {
  /** Data rows read, blank lines not counted (usable + skipped). */
  rowsRead: number;
  usable: number;
  skipped: number;
  /** The first MAX_REPORTED_SKIPPED_ROWS skipped rows. */
  skippedRows: SkippedRowReport[];
}

export const newReadStats = (): ReadStats => ({ rowsRead: 0, usable: 0, skipped: 0, skippedRows: [] });

export interface ReadOptions {
  stats: ReadStats;
  now: Date;
  batchRows?: number;
  maxBatchBytes?: number;
  /**
   * The file again from its start, to find the line of a syntax error the parser could not place.
   * Without it (in the parse thread) such an error is thrown as a CsvSyntaxError to explain later.
   */
  reopen?: () => Promise<AsyncIterable<Uint8Array>>;
}

export { CsvSyntaxError };

/**
 * Streams an upload through the CSV tokenizer and yields its usable rows, normalised by libs/domain, in
 * batches of at most `batchRows` rows (and `maxBatchBytes` as a staging message). Pull-based: the parser
 * and the upload stream wait while the caller works on a batch (backpressure). Bad rows are
 * counted and reported in `stats`, never thrown; a file that cannot be used throws an
 * ImportFileError or ImportFailureError with the message for the user.
 */
export async function* readConnectionBatches(
  source: AsyncIterable<Uint8Array>,
  options: ReadOptions,
): AsyncGenerator<StagedRow[]> {
  const { stats } = options;
  const batchRows = options.batchRows ?? STAGE_BATCH_ROWS;
  const maxBytes = options.maxBatchBytes ?? STAGE_BATCH_MAX_BYTES;
  const mapper = new StagedRowMapper();
  const tokenizer = new CsvTokenizer();
  const head: CsvRow[] = [];
  let columns: ConnectionColumns | null = null;
  let batch: StagedRow[] = [];
  let batchBytes = 0;
  const take = (row: CsvRow, known: ConnectionColumns): void => {
    const result = normaliseConnectionRow(row.cells, known, row.line, options.now);
    if (!result.ok) {
      if (!result.empty) recordSkip(stats, result.skip);
      return;
    }
    stats.rowsRead++;
    stats.usable++;
    const staged = mapper.toStagedRow(result.row, row.line);
    batch.push(staged);
    batchBytes += mapper.estimateMessageBytes(staged);
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
        if (!columns) {
          head.push(row);
          if (head.length < HEADER_SEARCH_LINES) continue;
          columns = readHeader(head, take);
        } else {
          take(row, columns);
        }
        if (batch.length >= batchRows || batchBytes >= maxBytes) {
          yield batch;
          batch = [];
          batchBytes = 0;
        }
      }
    }
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    throw options.reopen ? await explainCsvSyntaxError(error, options.reopen) : error;
  } finally {
    await text.return?.(undefined);
  }
  if (!columns) readHeader(head, take);
  if (batch.length > 0) yield batch;
  if (stats.rowsRead === 0) throw ImportFileError.noRows();
  if (stats.usable === 0) throw ImportFileError.noUsableRows(stats.skipped);
}

/** Finds the header among the first lines and takes the data rows read with them. */
function readHeader(
  head: readonly CsvRow[],
  take: (row: CsvRow, columns: ConnectionColumns) => void,
): ConnectionColumns {
  const header = findHeaderRow(head.map((row) => row.cells));
  for (const row of head.slice(header.index + 1)) take(row, header.columns);
  return header.columns;
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
