import { afterEach, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pollJson } from './http.js';

let server: Server | null = null;
afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

/** A real HTTP server answering the statuses given, one per request, then the last one again. */
async function answering(statuses: number[]): Promise<{ url: string; requests: () => number }> {
  const last = statuses.at(-1);
  if (last === undefined) throw new Error('answering needs at least one status');
  let count = 0;
  server = createServer((request, response) => {
    const status = statuses[count] ?? last;
    count += 1;
    response.writeHead(status, { 'content-type': 'application/json', 'retry-after': '0' });
    response.end(JSON.stringify(status === 200 ? { state: 'completed' } : { message: `answer ${status}` }));
  });
  await new Promise<void>((done) => server?.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/api/imports/1`, requests: () => count };
}

describe('pollJson: a status poll through a restart of the server', () => {
  it('waits out 502, 503 and 504 answers and returns the next real one', async () => {
    const server = await answering([503, 504, 502, 200]);
    const answer = await pollJson(server.url, 'token');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ state: 'completed' });
    expect(server.requests()).toBe(4);
  });

  it('returns a refusal (404) at once: it is an answer, not an outage', async () => {
    const server = await answering([404]);
    const answer = await pollJson(server.url, 'token');
    expect(answer.status).toBe(404);
    expect(server.requests()).toBe(1);
  });

  it('gives up with the last answer once the outage outlasts its budget', async () => {
    const server = await answering([503]);
    const answer = await pollJson(server.url, 'token', 300);
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({ message: 'answer 503' });
    expect(server.requests()).toBeGreaterThan(1);
  });

  it('throws the connection error once a server that cannot be reached outlasts the budget', async () => {
    const gone = await answering([200]);
    await new Promise<void>((done) => server?.close(() => done()));
    server = null;
    await expect(pollJson(gone.url, 'token', 300)).rejects.toThrow();
  });
});
