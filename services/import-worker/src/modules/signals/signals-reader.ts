import { Worker } from 'node:worker_threads';
import type { SignalEntry } from '../archive/archive-source.js';
import { decodeUpload } from '../csv/decode-upload.js';
import { SignalCollector, type CollectedSignals } from './signal-collector.js';
import type { FromSignalsThread, ToSignalsThread } from './signals-thread.protocol.js';

/**
 * The signals thread's heap. It holds, per conversation of messages.csv, who wrote how many
 * messages and when (a few hundred bytes each), besides the row being parsed; the whole worker
 * stays under its memory budget however large the file (`npm run bench:import`, archive case).
 */
const SIGNALS_THREAD_LIMITS = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 4 };

/**
 * Reads the archive's signal files in a thread of their own, one after another, each unpacked
 * and handed over a chunk at a time when the thread asks (backpressure, as for Connections.csv).
 * Only the aggregates come back. The thread ends with the read.
 */
export async function readSignalsInThread(files: readonly SignalEntry[]): Promise<CollectedSignals> {
  const thread = new Worker(new URL('./signals.thread.js', import.meta.url), {
    resourceLimits: SIGNALS_THREAD_LIMITS,
  });
  const messages = threadMessages(thread);
  const send = (message: ToSignalsThread): void => thread.postMessage(message);
  try {
    for (const entry of files) {
      send({ type: 'file', file: entry.file });
      const chunks = entry.bytes()[Symbol.asyncIterator]();
      try {
        for (
          let message = await messages.next();
          message.type !== 'file-done';
          message = await messages.next()
        ) {
          if (message.type !== 'pull') continue;
          const next = await chunks.next().catch(() => ({ done: true as const, value: undefined }));
          send(next.done ? { type: 'end' } : { type: 'chunk', bytes: next.value });
        }
      } finally {
        await chunks.return?.();
      }
    }
    send({ type: 'finish' });
    for (;;) {
      const message = await messages.next();
      if (message.type === 'result') return message.result;
    }
  } finally {
    await thread.terminate();
  }
}

/** The same read on this thread (tests). */
export async function readSignalsInProcess(files: readonly SignalEntry[]): Promise<CollectedSignals> {
  const collector = new SignalCollector();
  for (const entry of files) await collector.read(entry.file, decodeUpload(safely(entry.bytes())));
  return collector.finish();
}

/** An unpacking failure (a damaged entry) ends the file as if it ended there. */
async function* safely(bytes: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  try {
    yield* bytes;
  } catch {
    return;
  }
}

function threadMessages(thread: Worker): { next(): Promise<FromSignalsThread> } {
  const inbox: FromSignalsThread[] = [];
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  thread.on('message', (message: FromSignalsThread) => {
    inbox.push(message);
    wake?.();
  });
  const fail = (error: Error): void => {
    failure ??= error;
    wake?.();
  };
  thread.on('error', fail);
  thread.on('exit', (code) => fail(new Error(`signals thread exited with code ${code}`)));
  return {
    async next() {
      while (inbox.length === 0) {
        if (failure) throw failure;
        await new Promise<void>((resolve) => (wake = resolve));
      }
      return inbox.shift() as FromSignalsThread;
    },
  };
}
