import { isTerminalImportState, type BulkImport, type ImportStatus } from '@warmpath/contracts';
import { toBulkFile } from '@warmpath/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ImportEventBuffer } from '../imports/import-events.hub.js';
import { openProgressStream } from '../imports/progress-stream.js';

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
  const stream = openProgressStream(request, reply, heartbeatMs, () => {
    for (const buffer of events.values()) buffer.close();
  });
  const bulk: BulkImport = { ...current, files: [...current.files] };
  const send = (): void => {
    stream.send(bulk);
    if (bulk.files.every((file) => isTerminalImportState(file.status))) stream.close();
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
  send();
  for (const buffer of events.values()) buffer.attach(apply);
}
