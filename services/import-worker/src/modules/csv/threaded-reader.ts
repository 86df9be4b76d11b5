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
 * hundred MB before collecting, over the worker's memory budget on a large file. Bounded, the
 * whole worker stays under its budget whatever the file size, for a little more CPU in garbage
 * collection than a larger bound (docs/performance.md#figures-behind-choices-in-the-code).
 */
const PARSE_THREAD_LIMITS = { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 4 };

/** Starts a parse thread; it waits for its `start` message. */
export function startParseThread(): Worker {
  return new Worker(new URL('./parse.thread.js', import.meta.url), { resourceLimits: PARSE_THREAD_LIMITS });
}

/**
 * Parse threads kept between imports. Starting one (a V8 isolate loading the row rules, their
 * contracts and zod) costs CPU, and its parsing code then starts cold: for a small file that was
 * more than the file's own parsing (docs/performance.md#figures-behind-choices-in-the-code). So a
 * thread whose read ended cleanly waits for the next import's `start` instead of ending, up to
 * `keep` idle threads (the worker's IMPORT_CONCURRENCY); one is started ahead when none is idle. A
 * thread whose read failed or was cut short is ended (it may be mid-file). Threads exist only when
 * there is no idle one, so the worker never holds more than IMPORT_CONCURRENCY + 1 threads, as with
 * a single spare before.
 */
export class ParseThreads {
  /** Idle threads, each with what stops watching it once it is handed out. */
  private readonly idle = new Map<Worker, () => void>();
  private closed = false;

  constructor(
    private readonly keep = 1,
    private readonly start: () => Worker = startParseThread,
  ) {}

  /** Starts an idle thread unless there is one; idle threads do not keep the process alive. */
  warm(): void {
    if (this.idle.size || this.closed) return;
    this.keepIdle(this.start());
  }

  /** An idle thread, or a new one when there is none (more imports at once than idle threads). */
  take(): Worker {
    const [idle] = this.idle.keys();
    if (!idle) return this.start();
    this.idle.get(idle)?.();
    this.idle.delete(idle);
    idle.ref();
    return idle;
  }

  /** After a read: a thread that ended its read cleanly is kept (if there is room), else ended. */
  giveBack(thread: Worker | null): void {
    if (thread && !this.closed && this.idle.size < this.keep) this.keepIdle(thread);
    else void thread?.terminate();
    this.warm();
  }

  /** How many threads wait for an import. */
  get idleCount(): number {
    return this.idle.size;
  }

  async close(): Promise<void> {
    this.closed = true;
    const threads = [...this.idle.keys()];
    this.idle.clear();
    await Promise.all(threads.map((thread) => thread.terminate()));
  }

  private keepIdle(thread: Worker): void {
    thread.unref();
    // A thread that died while idle (out of memory, a bug) is not handed out.
    const forget = () => this.idle.delete(thread);
    thread.once('exit', forget);
    thread.once('error', forget);
    this.idle.set(thread, () => {
      thread.off('exit', forget);
      thread.off('error', forget);
    });
  }
}

/**
 * Reads an upload into staging batches in a worker thread: the thread parses and applies the row
 * rules while this thread reads the object store and talks to the network service. Chunks go to
 * the thread only when it asks, batches come back one at a time: backpressure end to end.
 * Afterwards `ended` gets the thread back when its read ended cleanly (it then waits for its next
 * `start`), or null once it was ended (a failed or cut-short read); by default it is ended too.
 */
export async function* readBatchesInThread(
  source: AsyncIterable<Uint8Array>,
  options: BatchReadOptions,
  thread: Worker = startParseThread(),
  ended: (reusable: Worker | null) => void = (reusable) => void reusable?.terminate(),
): AsyncGenerator<EncodedBatch> {
  const messages = threadMessages(thread);
  const chunks = source[Symbol.asyncIterator]();
  const send = (message: ToParseThread): void => thread.postMessage(message);
  let clean = false;
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
      if (message.type === 'done') {
        clean = true;
        return;
      }
      if (message.type === 'failed') throw await explain(fromThreadError(message.error), options.reopen);
      yield { rowCount: message.rowCount, bytes: message.bytes };
      send({ type: 'ack' });
    }
  } finally {
    messages.detach();
    await chunks.return?.();
    if (!clean) await thread.terminate();
    ended(clean ? thread : null);
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

/**
 * The thread's messages of one read in order; its crash (out of memory, a bug) rejects the next
 * read. `detach` stops listening (a thread kept for the next import gets new listeners).
 */
function threadMessages(thread: Worker): { next(): Promise<FromParseThread>; detach(): void } {
  const inbox: FromParseThread[] = [];
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const receive = (message: FromParseThread): void => {
    inbox.push(message);
    wake?.();
  };
  const fail = (error: Error): void => {
    failure ??= error;
    wake?.();
  };
  const exited = (code: number): void => fail(new Error(`parse thread exited with code ${code}`));
  thread.on('message', receive);
  thread.on('error', fail);
  thread.on('exit', exited);
  return {
    detach() {
      thread.off('message', receive);
      thread.off('error', fail);
      thread.off('exit', exited);
    },
    async next() {
      while (inbox.length === 0) {
        if (failure) throw failure;
        await new Promise<void>((resolve) => (wake = resolve));
      }
      return inbox.shift() as FromParseThread;
    },
  };
}
