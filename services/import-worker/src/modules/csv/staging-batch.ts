import { copyLine, STAGE_BATCH_MAX_BYTES, STAGE_BATCH_ROWS, type StagedRow } from '@warmpath/contracts';

/**
 * Collects the rows of one batch. The reader adds rows and, once `full`, yields `take()`; at the
 * end of the file it yields what is left (`rows > 0`).
 */
export interface BatchBuilder<T> {
  /** Rows added and not yet taken. */
  readonly rows: number;
  /** True when a batch is ready to be taken. */
  readonly full: boolean;
  add(row: StagedRow): void;
  take(): T;
}

/** Batches as arrays of staged rows (previews, tests), cut at `maxRows`. */
export class StagedRowsBatch implements BatchBuilder<StagedRow[]> {
  private batch: StagedRow[] = [];

  constructor(private readonly maxRows: number = STAGE_BATCH_ROWS) {}

  get rows(): number {
    return this.batch.length;
  }

  get full(): boolean {
    return this.batch.length >= this.maxRows;
  }

  add(row: StagedRow): void {
    this.batch.push(row);
  }

  take(): StagedRow[] {
    const batch = this.batch;
    this.batch = [];
    return batch;
  }
}

/** A staging batch, ready to send: rows as COPY text in UTF-8. */
export interface EncodedBatch {
  rowCount: number;
  /** A buffer of its own: it can be transferred to another thread. */
  bytes: Uint8Array<ArrayBuffer>;
}

/** UTF-8 takes at most 3 bytes per UTF-16 code unit. */
const MAX_UTF8_BYTES_PER_UNIT = 3;
const INITIAL_CAPACITY = 64 * 1024;
const encoder = new TextEncoder();

/**
 * A staging batch written as COPY text straight into UTF-8 bytes, row by row, so that a filling
 * batch holds no row arrays or strings: in the parse thread, a third of the CPU time went to the
 * garbage collector copying and promoting the rows that waited in their batch (profiled during
 * bench:import). Cut at `maxRows` rows, or before the row that would take it over `maxBytes`
 * (that row starts the next batch). Each `take()` answers a view on its own buffer, which the
 * parse thread hands over to the main thread without a copy.
 */
export class CopyBytesBatch implements BatchBuilder<EncodedBatch> {
  private buffer: Uint8Array<ArrayBuffer> = new Uint8Array(INITIAL_CAPACITY);
  private used = 0;
  private count = 0;
  /** Where the batch must be cut (bytes, rows) when the last row took it over maxBytes. */
  private cut: { bytes: number; rows: number } | null = null;

  constructor(
    private readonly maxRows: number = STAGE_BATCH_ROWS,
    private readonly maxBytes: number = STAGE_BATCH_MAX_BYTES,
  ) {}

  get rows(): number {
    return this.count;
  }

  get full(): boolean {
    return this.cut !== null || this.count >= this.maxRows;
  }

  add(row: StagedRow): void {
    const line = copyLine(row);
    this.reserve(line.length * MAX_UTF8_BYTES_PER_UNIT);
    const before = this.used;
    this.used += encoder.encodeInto(line, this.buffer.subarray(this.used)).written;
    this.count++;
    if (this.used - (this.cut?.bytes ?? 0) > this.maxBytes) {
      if (this.count === 1 || this.cut) throw new RangeError(`A staged row is over ${this.maxBytes} bytes`);
      this.cut = { bytes: before, rows: this.count - 1 };
    }
  }

  take(): EncodedBatch {
    const cut = this.cut ?? { bytes: this.used, rows: this.count };
    const taken = { rowCount: cut.rows, bytes: this.buffer.subarray(0, cut.bytes) };
    // The rows past the cut start the next batch, in a buffer of their own.
    const next = new Uint8Array(Math.max(INITIAL_CAPACITY, this.buffer.length));
    next.set(this.buffer.subarray(cut.bytes, this.used));
    this.buffer = next;
    this.used -= cut.bytes;
    this.count -= cut.rows;
    this.cut = null;
    return taken;
  }

  private reserve(bytes: number): void {
    if (this.used + bytes <= this.buffer.length) return;
    const grown = new Uint8Array(Math.max(this.buffer.length * 2, this.used + bytes));
    grown.set(this.buffer.subarray(0, this.used));
    this.buffer = grown;
  }
}
