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
import { parse } from 'fast-csv';
import { Readable, pipeline } from 'node:stream';
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

/** fast-csv gave up; `line` is where the row it failed in starts, as far as rows were counted. */
export class CsvSyntaxError extends Error {
  override readonly name = 'CsvSyntaxError';

  constructor(
    readonly line: number,
    readonly parserMessage: string,
  ) {
    super(`CSV syntax error near line ${line}`);
  }
}

interface BufferedRow {
  cells: string[];
  line: number;
}

/**
 * Streams an upload through fast-csv and yields its usable rows, normalised by libs/domain, in
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
  const csv = parse<string[], string[]>({ headers: false, ignoreEmpty: false });
  // Errors of either side (decoding, parsing) surface through the iterator below.
  pipeline(Readable.from(decodeUpload(source)), csv, () => undefined);
  const head: BufferedRow[] = [];
  let columns: ConnectionColumns | null = null;
  let batch: StagedRow[] = [];
  let batchBytes = 0;
  let line = 1;
  const take = (row: BufferedRow, known: ConnectionColumns): void => {
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
  try {
    for await (const cells of csv) {
      const row = { cells, line };
      line += 1 + embeddedLineBreaks(cells);
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
  } catch (error) {
    if (!(error instanceof Error) || !error.message.startsWith('Parse Error')) throw error;
    const syntaxError = new CsvSyntaxError(line, error.message);
    throw options.reopen ? await explainCsvSyntaxError(syntaxError, options.reopen) : syntaxError;
  }
  if (!columns) readHeader(head, take);
  if (batch.length > 0) yield batch;
  if (stats.rowsRead === 0) throw ImportFileError.noRows();
  if (stats.usable === 0) throw ImportFileError.noUsableRows(stats.skipped);
}

/** Finds the header among the first lines and takes the data rows read with them. */
function readHeader(head: readonly BufferedRow[], take: (row: BufferedRow, columns: ConnectionColumns) => void): ConnectionColumns {
  const header = findHeaderRow(head.map((row) => row.cells));
  for (const row of head.slice(header.index + 1)) take(row, header.columns);
  return header.columns;
}

function recordSkip(stats: ReadStats, skip: SkippedRowReport): void {
  stats.rowsRead++;
  stats.skipped++;
  if (stats.skippedRows.length < MAX_REPORTED_SKIPPED_ROWS) stats.skippedRows.push(skip);
}

/** Line breaks inside quoted cells: the next row starts that many lines further down. */
function embeddedLineBreaks(cells: readonly string[]): number {
  let count = 0;
  for (const cell of cells) {
    for (let i = cell.indexOf('\n'); i !== -1; i = cell.indexOf('\n', i + 1)) count++;
  }
  return count;
}

/**
 * The user-facing error for a CSV syntax error. fast-csv's own errors carry no reliable line (it
 * drops the rows of the chunk it fails in), so the file is scanned again for the exact place.
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
