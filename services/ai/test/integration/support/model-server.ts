import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the fake model server answers POST /v1/chat/completions. */
export type ModelBehaviour =
  | { kind: 'answer'; content: string }
  | { kind: 'status'; status: number; body?: unknown; headers?: Record<string, string> }
  | { kind: 'raw'; contentType: string; body: string }
  /** Reads the request and never answers. */
  | { kind: 'hang' }
  /** Answers only when release() is called. */
  | { kind: 'hold'; content: string };

export interface ReceivedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

/**
 * A local OpenAI-compatible chat completions server on 127.0.0.1 and a random port: the real
 * `openai` client talks real HTTP to it. It records every request it receives.
 */
export class FakeModelServer {
  readonly requests: ReceivedRequest[] = [];
  private behaviour: ModelBehaviour = { kind: 'answer', content: 'Hi there, this is a test introduction.' };
  private held: (() => void)[] = [];
  private waiters: { count: number; resolve: () => void }[] = [];
  private server: Server | undefined;

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}/v1`;
  }

  respondWith(behaviour: ModelBehaviour): void {
    this.behaviour = behaviour;
  }

  reset(): void {
    this.requests.length = 0;
    this.respondWith({ kind: 'answer', content: 'Hi there, this is a test introduction.' });
  }

  /** Resolves once the server has received `count` requests in all (no polling, no sleeps). */
  waitForRequests(count: number): Promise<void> {
    if (this.requests.length >= count) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ count, resolve }));
  }

  /** Answers every held request. */
  release(): void {
    for (const answer of this.held.splice(0)) answer();
  }

  async close(): Promise<void> {
    this.release();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    this.requests.push({
      method: req.method ?? '',
      path: req.url ?? '',
      authorization: req.headers.authorization,
      body: parse(text),
    });
    for (const waiter of this.waiters.filter((w) => this.requests.length >= w.count)) waiter.resolve();
    this.waiters = this.waiters.filter((w) => this.requests.length < w.count);
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions')
      return send(res, 404, { error: { message: 'not found' } });
    this.answer(res, this.behaviour);
  }

  private answer(res: ServerResponse, behaviour: ModelBehaviour): void {
    switch (behaviour.kind) {
      case 'answer':
        return send(res, 200, completion(behaviour.content));
      case 'status':
        return send(
          res,
          behaviour.status,
          behaviour.body ?? { error: { message: `status ${behaviour.status}`, type: 'test' } },
          behaviour.headers,
        );
      case 'raw':
        res.writeHead(200, { 'content-type': behaviour.contentType });
        res.end(behaviour.body);
        return;
      case 'hang':
        return;
      case 'hold':
        this.held.push(() => send(res, 200, completion(behaviour.content)));
        return;
    }
  }
}

function completion(content: string) {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: 'warmpath-test-model',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
