import { isTerminalImportState, type ImportStatus } from '@warmpath/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ImportEventBuffer } from './import-events.hub.js';
import { latestStatus } from './import-waiter.js';
import { openProgressStream } from './progress-stream.js';

/**
 * GET /api/imports/{id}/events as Server-Sent Events: one `progress` event per change (the
 * current status first), closed by the server after `completed` or `failed`. Events older than
 * what was already sent are dropped, so the browser never sees a counter go back.
 */
export function streamImportEvents(
  request: FastifyRequest,
  reply: FastifyReply,
  current: ImportStatus,
  events: ImportEventBuffer,
  heartbeatMs: number,
): void {
  const stream = openProgressStream(request, reply, heartbeatMs, () => events.close());
  let sent: ImportStatus | null = null;
  const send = (status: ImportStatus): void => {
    if (stream.closed || (sent && latestStatus(sent, status) !== status)) return;
    sent = status;
    stream.send(status);
    if (isTerminalImportState(status.state)) stream.close();
  };
  send(current);
  events.attach(send);
}
