import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the model server answers POST /v1/chat/completions. */
export type ModelMood =
  | { kind: 'answer'; content: string }
  /** Reads the request and never answers. */
  | { kind: 'hang' }
  | { kind: 'busy'; retryAfterSeconds: number }
  /** A 200 whose JSON body breaks off. */
  | { kind: 'malformed' }
  /** A well-formed completion of `bytes` bytes, streamed in 64 KiB chunks. */
  | { kind: 'huge'; bytes: number };

/**
 * An OpenAI-compatible chat completions server for the fault suite (the ai service's own tests
 * have a richer one): the stack's ai service talks real HTTP to it, and the scenario sets its mood.
 */
export class ModelServer {
  mood: ModelMood = { kind: 'answer', content: 'Hi Ana, could you introduce me to Ben at Globex?' };
  requests = 0;
  private server: Server | null = null;
  private readonly hanging = new Set<ServerResponse>();

  async start(): Promise<string> {
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        this.requests += 1;
        this.answer(res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  }

  async dispose(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private answer(res: ServerResponse): void {
    const mood = this.mood;
    res.on('error', () => undefined);
    switch (mood.kind) {
      case 'answer':
        return void res.writeHead(200, { 'content-type': 'application/json' }).end(completion(mood.content));
      case 'hang':
        this.hanging.add(res);
        return;
      case 'busy':
        return void res
          .writeHead(429, {
            'content-type': 'application/json',
            'retry-after': String(mood.retryAfterSeconds),
          })
          .end(JSON.stringify({ error: { message: 'Rate limit reached', type: 'requests' } }));
      case 'malformed':
        return void res
          .writeHead(200, { 'content-type': 'application/json' })
          .end('{"choices": [{"message": {');
      case 'huge':
        return this.stream(
          res,
          completion('Hi Ana, could you introduce me to Ben? '.repeat(mood.bytes / 40)),
        );
    }
  }

  /** Writes the body chunk by chunk, as a model server would, and stops when the reader goes. */
  private stream(res: ServerResponse, body: string): void {
    res.writeHead(200, { 'content-type': 'application/json' });
    let offset = 0;
    const next = () => {
      while (offset < body.length && !res.destroyed) {
        const chunk = body.slice(offset, offset + 65_536);
        offset += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', next);
      }
      if (!res.destroyed) res.end();
    };
    next();
  }
}

function completion(content: string): string {
  return JSON.stringify({
    id: 'chatcmpl-fault',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: 'fault-model',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  });
}
