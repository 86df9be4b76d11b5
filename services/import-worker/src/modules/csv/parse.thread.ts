// Entry point of the parse thread (see threaded-reader.ts): CSV parsing and row rules run here,
// with a bounded heap, while the main thread does the I/O.
import { parentPort } from 'node:worker_threads';
import type { FromParseThread, ParseThreadData, ToParseThread } from './parse-thread.protocol.js';
import { toThreadError } from './parse-thread.protocol.js';
import { newReadStats, readConnectionBatches } from './read-connections.js';
import { CopyBytesBatch } from './staging-batch.js';

const port = parentPort;
if (!port) throw new Error('parse.thread must run in a worker thread');

/**
 * Chunks and acks are awaited by two different loops at once (the stream reads ahead while a
 * batch waits for its ack), so each kind has its own queue and waiter.
 */
class Mailbox<T> {
  private readonly queue: T[] = [];
  private waiter: ((value: T) => void) | null = null;

  put(value: T): void {
    const waiter = this.waiter;
    this.waiter = null;
    if (waiter) waiter(value);
    else this.queue.push(value);
  }

  take(): Promise<T> {
    const value = this.queue.shift();
    if (value !== undefined) return Promise.resolve(value);
    return new Promise((resolve) => (this.waiter = resolve));
  }
}

const starts = new Mailbox<ParseThreadData>();
const chunks = new Mailbox<Uint8Array | null>();
const acks = new Mailbox<true>();
port.on('message', (message: ToParseThread) => {
  if (message.type === 'start') starts.put({ now: message.now, batchRows: message.batchRows });
  else if (message.type === 'ack') acks.put(true);
  else chunks.put(message.type === 'chunk' ? message.bytes : null);
});

const send = (message: FromParseThread): void => port.postMessage(message);

/** The upload's chunks, one request to the main thread each: it reads only as fast as we parse. */
async function* chunksFromMain(): AsyncGenerator<Uint8Array> {
  for (;;) {
    send({ type: 'pull' });
    const bytes = await chunks.take();
    if (!bytes) return;
    yield bytes;
  }
}

// The thread may be started before its import (warm when the import comes), and is kept for the
// next import after a clean read (threaded-reader.ts ParseThreads): it reads one upload per `start`.
for (;;) {
  const data = await starts.take();
  const stats = newReadStats();
  try {
    const batches = readConnectionBatches(
      chunksFromMain(),
      { stats, now: new Date(data.now) },
      new CopyBytesBatch(data.batchRows),
    );
    for await (const { rowCount, bytes } of batches) {
      // The batch's buffer is handed over, not copied (each batch has a buffer of its own).
      port.postMessage({ type: 'batch', rowCount, bytes, stats } satisfies FromParseThread, [bytes.buffer]);
      // The next batch is parsed once the main thread took this one (backpressure).
      await acks.take();
    }
    send({ type: 'done', stats });
  } catch (error) {
    // The main thread ends a thread whose read failed: it may hold chunks of this file.
    send({ type: 'failed', error: toThreadError(error), stats });
  }
}
