// node bench/src/parse-threads.bench.mjs [rows] [files] (after npm run build): the import worker's
// reading of BENCH files (CSV → staging batches in a parse thread), once with a fresh parse thread
// per file (as before threads were kept) and once with the threads kept between imports
// (ParseThreads, as the worker does now). Prints the CPU seconds of this process (all threads) and
// per 100,000 rows. Only the parse side: no database, no network service.
import { generateLinkedInCsv } from '@warmpath/testing';
import { loadavg } from 'node:os';
import {
  ParseThreads,
  readBatchesInThread,
  startParseThread,
} from '../../services/import-worker/dist/modules/csv/threaded-reader.js';
import { newReadStats } from '../../services/import-worker/dist/modules/csv/read-connections.js';

const ROWS = Number(process.argv[2] ?? 5000);
const FILES = Number(process.argv[3] ?? 8);
const CHUNK = 64 * 1024;

const files = Array.from({ length: FILES }, (_, i) =>
  new TextEncoder().encode(generateLinkedInCsv(ROWS, { seed: 300 + i })),
);

async function* chunks(bytes) {
  for (let at = 0; at < bytes.length; at += CHUNK) yield bytes.subarray(at, at + CHUNK);
}

async function read(bytes, thread, ended) {
  const options = {
    stats: newReadStats(),
    now: new Date(),
    batchRows: 2000,
    reopen: async () => chunks(bytes),
  };
  let rows = 0;
  for await (const batch of readBatchesInThread(chunks(bytes), options, thread, ended))
    rows += batch.rowCount;
  if (rows !== ROWS) throw new Error(`read ${rows} rows of ${ROWS}`);
}

const cpuSeconds = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1e6;
};

async function measure(readAll) {
  const before = cpuSeconds();
  await readAll();
  return cpuSeconds() - before;
}

const load = loadavg()[0];
const fresh = await measure(async () => {
  for (const bytes of files) await read(bytes, startParseThread());
});
const threads = new ParseThreads(1);
threads.warm();
await new Promise((resolve) => setTimeout(resolve, 500));
const kept = await measure(async () => {
  for (const bytes of files) await read(bytes, threads.take(), (thread) => threads.giveBack(thread));
});
await threads.close();
const per100k = (seconds) => ((seconds * 100_000) / (ROWS * FILES)).toFixed(2);
console.log(`| files × rows | fresh thread per file | threads kept | load avg (1 min) before → after |`);
console.log('|---|---:|---:|---|');
console.log(
  `| ${FILES} × ${ROWS} | ${fresh.toFixed(2)} s CPU (${per100k(fresh)} s / 100,000 rows) | ${kept.toFixed(2)} s CPU (${per100k(kept)} s / 100,000 rows) | ${load.toFixed(1)} → ${loadavg()[0].toFixed(1)} |`,
);
