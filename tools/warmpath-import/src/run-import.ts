import { setTimeout as sleep } from 'node:timers/promises';
import { defaultSourceName, idempotencyKey, sha256Of, type InputFile } from './files.js';
import { messageOf, pollJson, uploadFile, type Answer } from './http.js';
import type { Options } from './options.js';
import type { ProgressBoard } from './progress.js';
import type { FileResult } from './summary.js';

const POLL_MS = 500;

/** What the CLI reads of an import's status (GET /api/imports/{id}). */
interface ImportStatus {
  id: string;
  state: string;
  rowsRead: number;
  imported: number;
  updated: number;
  unchanged: number;
  skipped: number;
  error: { message: string } | null;
}

/** What the CLI reads of a bulk import (GET /api/bulk-imports/{id}). */
interface BulkFile {
  fileName: string;
  sourceName: string;
  status: string;
  importId: string | null;
  error?: string | { message: string } | null;
  counts?: Partial<Record<'imported' | 'updated' | 'unchanged' | 'skipped' | 'rowsRead', number>>;
}
interface BulkImport {
  id: string;
  teamId: number;
  files: BulkFile[];
}

interface Context {
  options: Options;
  board: ProgressBoard;
}

const failed = (file: InputFile, error: string, source?: string): FileResult => ({
  file: file.fileName,
  ...(source === undefined ? {} : { source }),
  status: 'failed',
  importId: null,
  imported: null,
  updated: null,
  unchanged: null,
  skipped: null,
  alreadyImported: false,
  error,
});

const isAccepted = (answer: Answer) =>
  answer.status === 200 || answer.status === 201 || answer.status === 202;

/**
 * Uploads the files one after the other (each upload's bar fills as its bytes go), and follows
 * each import from the moment it is accepted, so the server works on several at once.
 */
export async function importAll(files: InputFile[], context: Context): Promise<FileResult[]> {
  const follows: Promise<FileResult>[] = [];
  for (const [index, file] of files.entries()) {
    const started = await start(file, index, context).catch(
      (error: Error) => () => Promise.resolve(failed(file, `Could not upload: ${error.message}`)),
    );
    follows.push(started());
  }
  return Promise.all(follows);
}

/** Uploads one file and answers how to follow it to its end. */
async function start(
  file: InputFile,
  index: number,
  { options, board }: Context,
): Promise<() => Promise<FileResult>> {
  const source = options.workspace === null ? null : (options.name ?? defaultSourceName(file.fileName));
  const key = idempotencyKey(await sha256Of(file.path), options.workspace, source);
  board.update(index, { phase: 'uploading' });
  const route =
    options.workspace === null
      ? '/api/network/import/authenticated'
      : `/api/teams/${options.workspace}/bulk-imports`;
  const answer = await uploadFile({
    url: `${options.url}${route}`,
    token: options.token,
    path: file.path,
    fileName: file.fileName,
    sizeBytes: file.sizeBytes,
    fields: source === null ? {} : { name: source },
    headers: { prefer: 'respond-async', 'idempotency-key': key },
    onProgress: (sentBytes) => board.update(index, { sentBytes }),
  });
  const end = (result: FileResult): FileResult => {
    board.update(index, {
      phase: result.status,
      message: result.error ?? (result.alreadyImported ? 'already imported' : undefined),
    });
    return result;
  };
  if (!isAccepted(answer)) {
    const result = end(failed(file, messageOf(answer), source ?? undefined));
    return () => Promise.resolve(result);
  }
  const replayed = answer.headers['idempotent-replayed'] === 'true';
  board.update(index, { phase: 'importing' });
  if (source === null) {
    const accepted = answer.body as ImportStatus & { statusUrl: string };
    return async () => end(await followImport(file, accepted.statusUrl, replayed, index, options, board));
  }
  const bulk = answer.body as BulkImport;
  return async () => end(await followBulk(file, source, bulk.id, replayed, index, options, board));
}

async function followImport(
  file: InputFile,
  statusUrl: string,
  replayed: boolean,
  index: number,
  options: Options,
  board: ProgressBoard,
): Promise<FileResult> {
  for (;;) {
    const answer = await pollJson(`${options.url}${statusUrl}`, options.token);
    if (answer.status !== 200) return failed(file, messageOf(answer));
    const status = answer.body as ImportStatus;
    if (status.state !== 'completed' && status.state !== 'failed') {
      board.update(index, { state: status.state, rowsRead: status.rowsRead });
      await sleep(POLL_MS);
      continue;
    }
    return {
      file: file.fileName,
      status: status.state as 'completed' | 'failed',
      importId: status.id,
      imported: status.imported,
      updated: status.updated,
      unchanged: status.unchanged,
      skipped: status.skipped,
      alreadyImported: replayed,
      error: status.state === 'failed' ? (status.error?.message ?? 'The import failed.') : null,
    };
  }
}

async function followBulk(
  file: InputFile,
  source: string,
  bulkId: string,
  replayed: boolean,
  index: number,
  options: Options,
  board: ProgressBoard,
): Promise<FileResult> {
  for (;;) {
    const answer = await pollJson(`${options.url}/api/bulk-imports/${bulkId}`, options.token);
    if (answer.status !== 200) return failed(file, messageOf(answer), source);
    const bulk = answer.body as BulkImport;
    const mine = bulk.files.find((f) => f.fileName === file.fileName) ?? bulk.files[0];
    if (!mine) return failed(file, 'The bulk import lists no file.', source);
    if (mine.status !== 'completed' && mine.status !== 'failed') {
      board.update(index, { state: mine.status, rowsRead: mine.counts?.rowsRead });
      await sleep(POLL_MS);
      continue;
    }
    const error = typeof mine.error === 'string' ? mine.error : (mine.error?.message ?? null);
    return {
      file: file.fileName,
      source: mine.sourceName ?? source,
      status: mine.status,
      importId: mine.importId,
      imported: mine.counts?.imported ?? null,
      updated: mine.counts?.updated ?? null,
      unchanged: mine.counts?.unchanged ?? null,
      skipped: mine.counts?.skipped ?? null,
      alreadyImported: replayed,
      error: mine.status === 'failed' ? (error ?? 'The import failed.') : null,
    };
  }
}
