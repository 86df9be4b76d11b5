import type { FastifyReply, FastifyRequest } from 'fastify';

/** An open Server-Sent Events response of `progress` events (docs/import.md, "Status"). */
export interface ProgressStream {
  readonly closed: boolean;
  /** Writes one `progress` event with `data` as its JSON; nothing once closed. */
  send(data: unknown): void;
  /** Ends the response (once); the browser going away closes it too. */
  close(): void;
}

/**
 * Takes the response over from Fastify and opens an event stream on it: the headers, the
 * browser's reconnect delay and a heartbeat comment every `heartbeatMs`. `onClose` runs once, when
 * the server closes the stream or the browser goes away.
 */
export function openProgressStream(
  request: FastifyRequest,
  reply: FastifyReply,
  heartbeatMs: number,
  onClose: () => void,
): ProgressStream {
  const raw = reply.raw;
  let closed = false;
  let sequence = 0;
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
  const stream: ProgressStream = {
    get closed() {
      return closed;
    },
    send(data) {
      if (closed) return;
      raw.write(`event: progress\nid: ${++sequence}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    close() {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      onClose();
      raw.end();
    },
  };
  // The response's own close: the browser went away (or we ended the stream).
  raw.once('close', () => stream.close());
  return stream;
}
