// Entry point of the signals thread (see signals-reader.ts): the archive's messages, invitations,
// endorsements and recommendations are parsed here, with a bounded heap, and only their numbers
// and dates leave it.
import { parentPort } from 'node:worker_threads';
import { decodeUpload } from '../csv/decode-upload.js';
import { SignalCollector } from './signal-collector.js';
import type { FromSignalsThread, ToSignalsThread } from './signals-thread.protocol.js';

const port = parentPort;
if (!port) throw new Error('signals.thread must run in a worker thread');

const send = (message: FromSignalsThread): void => port.postMessage(message);
const inbox: ToSignalsThread[] = [];
let wake: (() => void) | null = null;
port.on('message', (message: ToSignalsThread) => {
  inbox.push(message);
  wake?.();
});

async function next(): Promise<ToSignalsThread> {
  while (inbox.length === 0) await new Promise<void>((resolve) => (wake = resolve));
  wake = null;
  return inbox.shift() as ToSignalsThread;
}

/** One file's chunks, each asked of the main thread: it unpacks only as fast as we parse. */
async function* chunksFromMain(): AsyncGenerator<Uint8Array> {
  for (;;) {
    send({ type: 'pull' });
    const message = await next();
    if (message.type !== 'chunk') return;
    yield message.bytes;
  }
}

const collector = new SignalCollector();
for (;;) {
  const message = await next();
  if (message.type === 'finish') {
    send({ type: 'result', result: collector.finish() });
    break;
  }
  if (message.type !== 'file') continue;
  await collector.read(message.file, decodeUpload(chunksFromMain()));
  send({ type: 'file-done' });
}
