import { isTerminalImportState, type ImportStatus } from '@warmpath/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ImportEventBuffer } from './import-events.hub.js';
import { latestStatus } from './import-waiter.js';

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
  const raw = reply.raw;
  let sent: ImportStatus | null = null;
  let closed = false;
  let sequence = 0;
  const close = (): void => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    events.close();
    raw.end();
  };
  const send = (status: ImportStatus): void => {
    if (closed || (sent && latestStatus(sent, status) !== status)) return;
    sent = status;
    raw.write(`event: progress\nid: ${++sequence}\ndata: ${JSON.stringify(status)}\n\n`);
    if (isTerminalImportState(status.state)) close();
  };
  reply.hijack();
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // Proxies such as nginx would otherwise hold events back in a buffer.
    'x-accel-buffering': 'no',
    'x-request-id': String(request.id),
  });
  // A browser reconnecting after a drop waits this long (ms) before trying again.
  raw.write('retry: 2000\n\n');
  const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), heartbeatMs);
  // The response's own close: the browser went away (or we ended the stream).
  raw.once('close', close);
  send(current);
  events.attach(send);
}
