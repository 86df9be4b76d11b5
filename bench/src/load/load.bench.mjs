// `npm run bench:load`: the stack under load at fixed offered rates (issue 17). Prints numbers;
// asserts nothing. One module per workload in this folder, each exporting `env` (settings the
// stack needs) and `run({ url, runId, seconds })`; BENCH_WORKLOADS (comma-separated; default
// sign-in,anonymous-preview,large-imports) picks them,
// BENCH_SECONDS (default 20) sets each fixed-rate phase's length.
import { loadavg } from 'node:os';
import { startLoadStack } from './stack.mjs';

const WORKLOADS = (process.env.BENCH_WORKLOADS ?? 'sign-in,anonymous-preview,large-imports')
  .split(',')
  .map((w) => w.trim());
const seconds = Number(process.env.BENCH_SECONDS ?? 20);

const modules = [];
for (const name of WORKLOADS) modules.push({ name, ...(await import(`./${name}.mjs`)) });
const stack = await startLoadStack(Object.assign({}, ...modules.map((m) => m.env ?? {})));
console.log(
  `stack ${stack.runId} at ${stack.url} (logs: ${stack.logDir}); load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
try {
  for (const workload of modules) {
    console.log(`\n=== ${workload.name} ===`);
    await workload.run({ url: stack.url, runId: stack.runId, seconds });
  }
} finally {
  console.log(
    `\nload average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  await stack.stop();
}
