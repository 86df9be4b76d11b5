import { Injectable } from '@nestjs/common';
import { copyValue, STAGED_ROW_COLUMNS } from '@warmpath/contracts';
import { invalid } from '@warmpath/server-kit';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import copyStreams from 'pg-copy-streams';
import { DataSource } from 'typeorm';
import { withClient } from './pg-client.js';

const STAGING_COLUMNS = ['import_id', 'attempt', ...STAGED_ROW_COLUMNS].map((column) => `"${column}"`);

/** Staged rows of imports in flight (network.import_staging), written with COPY. */
@Injectable()
export class StagingRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Appends a batch (COPY text, one line per row) to the attempt's staging rows. The import id and
   * attempt come from the request, never from the text. A batch of an import already committed (a
   * late message from a worker that lost its job) is dropped: staging it would only leave garbage.
   */
  async stageRows(
    importId: string,
    attempt: number,
    rowCount: number,
    copyText: Uint8Array,
  ): Promise<number> {
    const rows = withImportColumns(importId, attempt, rowCount, copyText);
    return withClient(this.dataSource, async (client) => {
      const committed = await client.query(
        'SELECT 1 FROM "network"."import_commits" WHERE "import_id" = $1',
        [importId],
      );
      if (committed.rowCount) return 0;
      const copy = client.query(
        copyStreams.from(`COPY "network"."import_staging" (${STAGING_COLUMNS.join(', ')}) FROM STDIN`),
      );
      await pipeline(Readable.from([rows]), copy);
      return rowCount;
    });
  }

  /** Drops every staged row of an import (all attempts). */
  async discard(importId: string): Promise<number> {
    const result = await this.dataSource.query(
      'DELETE FROM "network"."import_staging" WHERE "import_id" = $1',
      [importId],
    );
    return affectedRows(result);
  }

  /** Staged rows older than this are left over from imports that never finished. */
  async discardOlderThan(hours: number): Promise<number> {
    const result = await this.dataSource.query(
      `DELETE FROM "network"."import_staging" WHERE "staged_at" < now() - make_interval(hours => $1)`,
      [hours],
    );
    return affectedRows(result);
  }
}

/** TypeORM answers a DELETE as [rows, affected] on Postgres. */
function affectedRows(result: unknown): number {
  return Array.isArray(result) && typeof result[1] === 'number' ? result[1] : 0;
}

const LINE_FEED = 0x0a;

/**
 * The batch's rows (COPY text in UTF-8) with the import id and attempt put in front of each, from
 * the request rather than from the text. Works on the bytes as they came off the bus: nothing is
 * decoded. Refuses a batch whose row count is not the one announced.
 */
export function withImportColumns(
  importId: string,
  attempt: number,
  rowCount: number,
  copyText: Uint8Array,
): Buffer {
  const text = asBuffer(copyText);
  const prefix = Buffer.from(`${copyValue(importId)}\t${attempt}\t`);
  const ends = copyRowEnds(text, rowCount, importId);
  const out = Buffer.allocUnsafe(text.length + rowCount * prefix.length);
  let written = 0;
  let start = 0;
  for (const end of ends) {
    written += prefix.copy(out, written);
    written += text.copy(out, written, start, end + 1);
    start = end + 1;
  }
  return out;
}

export const asBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * Where each row of a batch of COPY text ends (the offset of its line feed). Values escape their
 * line breaks, and UTF-8 never has the byte 0x0a inside a character, so every line feed ends a row.
 * Refuses a batch whose row count is not the one announced.
 */
export function copyRowEnds(text: Buffer, rowCount: number, importId: string): number[] {
  const ends: number[] = [];
  for (let at = text.indexOf(LINE_FEED); at !== -1; at = text.indexOf(LINE_FEED, at + 1)) ends.push(at);
  if (text.at(-1) !== LINE_FEED || ends.length !== rowCount) {
    throw invalid(`Staging batch of import ${importId} does not hold ${rowCount} rows`);
  }
  return ends;
}
