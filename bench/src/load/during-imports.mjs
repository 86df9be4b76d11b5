// Workload "during-imports" (docs/performance.md#load-npm-run-benchload): reads (GET /api/network
// and GET /api/user, each at BENCH_READ_RATE, 10/s) with nothing else, then the same while imports
// of BENCH_IMPORT_ROWS (30,000) rows run back to back, BENCH_IMPORTERS (2) at a time, each by a new
// user: the reads' p95 with and without imports beside them.
import { generateLinkedInCsv } from '@warmpath/testing';
import { importCsv, registerUser } from '../stack.mjs';
import { env, fixture, knob, streams } from './fixture.mjs';
import { printTable, runPhase } from './phase.mjs';

export { env };

export async function run({ stack, seconds, warmup }) {
  const rate = knob('BENCH_READ_RATE', 10);
  const rows = knob('BENCH_IMPORT_ROWS', 30_000);
  const importers = knob('BENCH_IMPORTERS', 2);
  const users = await fixture(stack);
  const reads = [streams.network(users, stack.url, rate), streams.user(users, stack.url, rate)];
  const quiet = await runPhase(stack, { name: 'reads alone', streams: reads, seconds, warmup });
  const files = Array.from({ length: importers }, (_, i) => generateLinkedInCsv(rows, { seed: 1800 + i }));
  const busy = await runPhase(stack, {
    name: `reads while imports of ${rows.toLocaleString('en')} rows run, ${importers} at a time`,
    streams: reads,
    seconds,
    warmup,
    alongside: (signal) => Promise.all(files.map((csv, i) => importUntil(signal, stack.url, csv, i))),
  });
  printTable([quiet, busy]);
  const times = busy.alongside.flat().sort((a, b) => a - b);
  console.log(
    `\nimports meanwhile: ${times.length} completed, each in ${(times[0] / 1000).toFixed(1)}-${(times[times.length - 1] / 1000).toFixed(1)} s (median ${(times[Math.floor(times.length / 2)] / 1000).toFixed(1)} s); CPU per read above includes the imports' CPU`,
  );
  return { phases: [quiet, busy] };
}

/** Imports `csv` again and again, each time as a new user, until `signal` aborts; answers the times. */
async function importUntil(signal, url, csv, index) {
  const times = [];
  for (let round = 0; !signal.aborted; round += 1) {
    const { cookie } = await registerUser(url, `importer${index}_${round}`);
    const started = performance.now();
    await importCsv(url, cookie, csv);
    times.push(performance.now() - started);
  }
  return times;
}
