import { Worker } from 'node:worker_threads';
import type { FromParseThread, ToParseThread } from './parse-thread.protocol.js';
import { fromThreadError } from './parse-thread.protocol.js';
import {
  CsvSyntaxError,
  explainCsvSyntaxError,
  readConnectionBatches,
  type ReadStats,
} from './read-connections.js';
import { CopyBytesBatch, type EncodedBatch } from './staging-batch.js';

export type { EncodedBatch };

export interface BatchReadOptions {
  stats: ReadStats;
  now: Date;
  batchRows: number;
  reopen: () => Promise<AsyncIterable<Uint8Array>>;
}

/**
 * The parse thread's heap. Parsing allocates fast; left alone, V8 lets garbage pile up to a few
 * hundred MB before collecting (the worker peaked at ~350 MB on a 300,000-row file). Bounded, the
 * whole worker stays under its 250 MB budget whatever the file size; 32 MB costs ~10% more CPU in
 * garbage collection than 96 MB (measured with bench/src/import.bench.mjs).
 */
const PARSE_THREAD_LIMITS = { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 4 };

/** Starts a parse thread; it waits for its `start` message. */
export function startParseThread(): Worker {
  return new Worker(new URL('./parse.thread.js', import.meta.url), { resourceLimits: PARSE_THREAD_LIMITS });
}

/**
 * One parse thread started ahead of the next import: starting one (a V8 isolate loading the row
 * rules) takes ~150 ms, on the import's clock otherwise. The spare is replaced only after the
 * thread that used it ended, so an import never holds two threads and the peak memory is the same.
 */
export class SpareParseThread {
  private spare: Worker | null = null;
  private closed = false;

  /** Starts a spare unless there is one; it does not keep the process alive. */
  warm(): void {
    if (this.spare || this.closed) return;
    const thread = startParseThread();
    thread.unref();
    // A spare that died while idle (out of memory, a bug) is not handed out.
    const forget = () => {
      if (this.spare === thread) this.spare = null;
    };
    thread.once('exit', forget);
    thread.once('error', forget);
    this.spare = thread;
  }

  /** The spare, or a new thread when there is none (two imports at once, or after close). */
  take(): Worker {
    const thread = this.spare ?? startParseThread();
    this.spare = null;
    thread.ref();
    return thread;
  }

  async close(): Promise<void> {
    this.closed = true;
    const thread = this.spare;
    this.spare = null;
    await thread?.terminate();
  }
}

/**
 * Reads an upload into staging batches in a worker thread: the thread parses and applies the row
 * rules while this thread reads the object store and talks to the network service. Chunks go to
 * the thread only when it asks, batches come back one at a time: backpressure end to end. The
 * thread is ended afterwards, and `ended` called (to warm the next spare).
 */
export async function* readBatchesInThread(
  source: AsyncIterable<Uint8Array>,
  options: BatchReadOptions,
  thread: Worker = startParseThread(),
  ended: () => void = () => undefined,
): AsyncGenerator<EncodedBatch> {
  const messages = threadMessages(thread);
  const chunks = source[Symbol.asyncIterator]();
  const send = (message: ToParseThread): void => thread.postMessage(message);
  try {
    send({ type: 'start', now: options.now.toISOString(), batchRows: options.batchRows });
    for (;;) {
      const message = await messages.next();
      if (message.type === 'pull') {
        const next = await chunks.next();
        send(next.done ? { type: 'end' } : { type: 'chunk', bytes: next.value });
        continue;
      }
      Object.assign(options.stats, message.stats);
      if (message.type === 'done') return;
      if (message.type === 'failed') throw await explain(fromThreadError(message.error), options.reopen);
      yield { rowCount: message.rowCount, bytes: message.bytes };
      send({ type: 'ack' });
    }
  } finally {
    await chunks.return?.();
    await thread.terminate();
    ended();
  }
}

/** The same batches without a thread (tests, and previews that need the rows themselves). */
export async function* readBatchesInProcess(
  source: AsyncIterable<Uint8Array>,
  options: BatchReadOptions,
): AsyncGenerator<EncodedBatch> {
  yield* readConnectionBatches(source, options, new CopyBytesBatch(options.batchRows));
}

async function explain(error: Error, reopen: () => Promise<AsyncIterable<Uint8Array>>): Promise<Error> {
  return error instanceof CsvSyntaxError ? explainCsvSyntaxError(error, reopen) : error;
}

/** The thread's messages in order; its crash (out of memory, a bug) rejects the next read. */
function threadMessages(thread: Worker): { next(): Promise<FromParseThread> } {
  const inbox: FromParseThread[] = [];
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  thread.on('message', (message: FromParseThread) => {
    inbox.push(message);
    wake?.();
  });
  const fail = (error: Error): void => {
    failure ??= error;
    wake?.();
  };
  thread.on('error', fail);
  thread.on('exit', (code) => fail(new Error(`parse thread exited with code ${code}`)));
  return {
    async next() {
      while (inbox.length === 0) {
        if (failure) throw failure;
        await new Promise<void>((resolve) => (wake = resolve));
      }
      return inbox.shift() as FromParseThread;
    },
  };
}
