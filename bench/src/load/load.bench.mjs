// `npm run bench:load`: the stack under load at fixed offered rates; figures in
// docs/performance.md#load-npm-run-benchload. Prints numbers; asserts nothing. One module per
// workload in this folder, each exporting `env` (settings the stack needs) and
// `run({ stack, seconds, warmup })`:
//   network, user, sign-in, mix   one request kind (or a mix) at fixed rates
//   during-imports                reads' latency with and without imports running beside them
//   soak                          the mix for BENCH_SOAK_SECONDS (600) with memory before, after and its trend
//   anonymous-preview, large-imports   memory under the largest uploads (docs/security.md#anonymous-work)
// The k6 scripts in bench/load/ are the same workloads for a deployment (docs/operations.md).
// Knobs: BENCH_WORKLOADS (comma-separated, default all of the above), BENCH_SECONDS (20, each
// fixed-rate phase), BENCH_WARMUP (5, discarded before each phase), and each workload's own.
import { loadavg } from 'node:os';
import { startBenchStack } from '../stack.mjs';
import { printTable } from './phase.mjs';

const WORKLOADS = (
  process.env.BENCH_WORKLOADS ??
  'network,user,sign-in,mix,during-imports,soak,anonymous-preview,large-imports'
)
  .split(',')
  .map((w) => w.trim());
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const warmup = Number(process.env.BENCH_WARMUP ?? 5);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

const modules = [];
for (const name of WORKLOADS) modules.push({ name, ...(await import(`./${name}.mjs`)) });
const loadAtStart = load();
const stack = await startBenchStack({
  label: 'load',
  env: Object.assign({}, ...modules.map((m) => m.env ?? {})),
  log: (line) => console.log(line),
});
console.log(`load average ${loadAtStart} at the start (1, 5, 15 min)`);
const phases = [];
try {
  for (const workload of modules) {
    console.log(`\n=== ${workload.name} ===`);
    try {
      const result = await workload.run({ stack, seconds, warmup });
      phases.push(...(result?.phases ?? []));
    } catch (error) {
      // One workload's failure is a figure too; the others still run.
      console.log(`\n${workload.name} failed: ${error.stack ?? error}`);
      process.exitCode = 1;
    }
  }
  if (phases.length > 1) {
    console.log('\n=== all fixed-rate phases ===');
    printTable(phases);
  }
} finally {
  console.log(`\nload average ${loadAtStart} at the start, ${load()} at the end (1, 5, 15 min)`);
  await stack.stop();
}
