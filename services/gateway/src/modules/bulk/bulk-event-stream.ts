import { isTerminalImportState, type BulkImport, type ImportStatus } from '@warmpath/contracts';
import { toBulkFile } from '@warmpath/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ImportEventBuffer } from '../imports/import-events.hub.js';

/**
 * GET /api/bulk-imports/{id}/events as Server-Sent Events: one `progress` event with the whole
 * bulk (every file's state and counts) per change of any of its imports, the current one first;
 * closed by the server once every file is completed or failed.
 */
export function streamBulkEvents(
  request: FastifyRequest,
  reply: FastifyReply,
  current: BulkImport,
  events: ReadonlyMap<string, ImportEventBuffer>,
  heartbeatMs: number,
): void {
  const raw = reply.raw;
  const bulk: BulkImport = { ...current, files: [...current.files] };
  let closed = false;
  let sequence = 0;
  const close = (): void => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    for (const buffer of events.values()) buffer.close();
    raw.end();
  };
  const send = (): void => {
    if (closed) return;
    raw.write(`event: progress\nid: ${++sequence}\ndata: ${JSON.stringify(bulk)}\n\n`);
    if (bulk.files.every((file) => isTerminalImportState(file.status))) close();
  };
  const apply = (status: ImportStatus): void => {
    let changed = false;
    bulk.files = bulk.files.map((file) => {
      if (file.importId !== status.id || isTerminalImportState(file.status)) return file;
      changed = true;
      return toBulkFile({ ...file, error: null }, status);
    });
    if (changed) send();
  };
  reply.hijack();
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-request-id': String(request.id),
  });
  raw.write('retry: 2000\n\n');
  const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), heartbeatMs);
  raw.once('close', close);
  send();
  for (const buffer of events.values()) buffer.attach(apply);
}
