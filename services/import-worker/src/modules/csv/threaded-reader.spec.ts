import { afterEach, describe, expect, it } from '@jest/globals';
import { Worker } from 'node:worker_threads';
import { newReadStats } from './read-connections.js';
import { ParseThreads, readBatchesInThread } from './threaded-reader.js';

/**
 * A stand-in parse thread speaking the real protocol: per `start` it pulls every chunk and answers
 * one batch per chunk (its byte count), then `done`; a chunk "fail" makes it answer `failed`.
 * Each batch carries the thread's own read count, so a reused thread shows it.
 */
const FAKE_THREAD = `
const { parentPort } = require('node:worker_threads');
let reads = 0;
let pending = [];
parentPort.on('message', (m) => {
  if (m.type === 'start') { reads++; parentPort.postMessage({ type: 'pull' }); return; }
  if (m.type === 'ack') { parentPort.postMessage({ type: 'pull' }); return; }
  const stats = { rowsRead: reads };
  if (m.type === 'end') { parentPort.postMessage({ type: 'done', stats }); return; }
  if (Buffer.from(m.bytes).toString() === 'fail')
    return parentPort.postMessage({ type: 'failed', error: { name: 'Error', message: 'bad file' }, stats });
  parentPort.postMessage({ type: 'batch', rowCount: reads, bytes: new Uint8Array(m.bytes), stats });
});`;

const started: Worker[] = [];
const fakeThread = (): Worker => {
  const thread = new Worker(FAKE_THREAD, { eval: true });
  started.push(thread);
  return thread;
};

async function* chunks(...texts: string[]): AsyncGenerator<Uint8Array> {
  for (const text of texts) yield new TextEncoder().encode(text);
}

async function readAll(threads: ParseThreads, ...texts: string[]): Promise<number[]> {
  const options = { stats: newReadStats(), now: new Date(), batchRows: 10, reopen: async () => chunks() };
  const reads: number[] = [];
  const batches = readBatchesInThread(chunks(...texts), options, threads.take(), (thread) =>
    threads.giveBack(thread),
  );
  for await (const batch of batches) reads.push(batch.rowCount);
  return reads;
}

const exited = (thread: Worker) => new Promise((resolve) => thread.once('exit', resolve));

afterEach(async () => {
  await Promise.all(started.splice(0).map((thread) => thread.terminate()));
});

describe('ParseThreads: parse threads kept between imports', () => {
  it('hands the same thread to the next import after a clean read (no new thread started)', async () => {
    const threads = new ParseThreads(1, fakeThread);
    threads.warm();
    expect(await readAll(threads, 'a', 'b')).toEqual([1, 1]);
    expect(await readAll(threads, 'c')).toEqual([2]);
    expect(await readAll(threads, 'd')).toEqual([3]);
    expect(started).toHaveLength(1);
    expect(threads.idleCount).toBe(1);
    await threads.close();
  });

  it('ends a thread whose read failed, and the next import gets a fresh one', async () => {
    const threads = new ParseThreads(1, fakeThread);
    threads.warm();
    await expect(readAll(threads, 'a', 'fail')).rejects.toThrow('bad file');
    // Ended (a worker's threadId is -1 once it stopped).
    expect(started[0]!.threadId).toBe(-1);
    expect(await readAll(threads, 'b')).toEqual([1]);
    expect(started).toHaveLength(2);
    await threads.close();
  });

  it('keeps at most `keep` idle threads and ends the others', async () => {
    const threads = new ParseThreads(1, fakeThread);
    const first = threads.take();
    const second = threads.take();
    threads.giveBack(first);
    threads.giveBack(second);
    await exited(second);
    expect(threads.idleCount).toBe(1);
    expect(threads.take()).toBe(first);
    await threads.close();
  });

  it('does not hand out an idle thread that died', async () => {
    const threads = new ParseThreads(1, fakeThread);
    threads.warm();
    const dead = started[0]!;
    await dead.terminate();
    expect(threads.idleCount).toBe(0);
    expect(threads.take()).not.toBe(dead);
    await threads.close();
  });
});
