import { invalid } from '@warmpath/server-kit';

const TAB = 0x09;

/** Where a staged row's fields of interest are in a batch (byte offsets). */
export interface StagedRowSpan {
  /** The match key (second column): [keyStart, keyEnd), keyEnd being its tab. */
  keyStart: number;
  keyEnd: number;
  /** The first byte after the name key's tab (the first name). */
  restStart: number;
  /** The row's line feed. */
  end: number;
}

/** The spans of every row of a batch of COPY text (STAGED_ROW_COLUMNS: line, match key, name key, ...). */
export function stagedRowSpans(text: Buffer, rowEnds: readonly number[]): StagedRowSpan[] {
  const spans: StagedRowSpan[] = [];
  let start = 0;
  for (const end of rowEnds) {
    const keyStart = text.indexOf(TAB, start) + 1;
    const keyEnd = text.indexOf(TAB, keyStart);
    const restStart = text.indexOf(TAB, keyEnd + 1) + 1;
    if (keyStart === 0 || keyEnd === -1 || restStart === 0 || restStart > end) {
      throw invalid('A staged row has too few columns');
    }
    spans.push({ keyStart, keyEnd, restStart, end });
    start = end + 1;
  }
  return spans;
}

/** A batch's rows as COPY text for connections (CONNECTION_COPY_COLUMNS): owner, match key, the rest. */
export function toConnectionRows(text: Buffer, rows: readonly StagedRowSpan[], ownerUserId: number): Buffer {
  const owner = Buffer.from(`${ownerUserId}\t`);
  let size = 0;
  for (const row of rows)
    size += owner.length + (row.keyEnd + 1 - row.keyStart) + (row.end + 1 - row.restStart);
  const out = Buffer.allocUnsafe(size);
  let at = 0;
  for (const row of rows) {
    at += owner.copy(out, at);
    at += text.copy(out, at, row.keyStart, row.keyEnd + 1);
    at += text.copy(out, at, row.restStart, row.end + 1);
  }
  return out;
}

/**
 * FNV-1a (32 bits) of a match key's length and last 24 bytes: keys share long prefixes
 * ("url:https://www.linkedin.com/in/"), and a collision only sends a batch the slower way.
 */
export function keyHash(bytes: Buffer, start: number, end: number): number {
  let hash = Math.imul(0x811c9dc5 ^ (end - start), 0x01000193);
  for (let i = Math.max(start, end - 24); i < end; i++)
    hash = Math.imul(hash ^ (bytes[i] as number), 0x01000193);
  return hash >>> 0;
}
