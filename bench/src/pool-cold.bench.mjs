// npm run bench:pool-cold — the CPU and the heap of a workspace's shared build at bench:scale's
// biggest size (docs/workspace-network.md "The cold build's cost"): poolWorkspace(members) from
// nothing (a cold open), then poolWorkspace(afterImport(members), cold) (one member's re-import).
// Pure functions on generated data, no stack. Prints CPU (process.cpuUsage, which counts the
// garbage collector's threads too) and wall, median of --runs (min-max), the heap after, loadavg.
// `npx nx run-many -t build -p domain contracts testing && npm run bench:pool-cold
// [-- --members=200 --pooled=500000 --companies=25000 --runs=5]`.
// Generating 200 × 500,000 takes about a minute: the workspace is kept in the OS temp directory
// (v8.serialize, ~450 MB for the default size), one file per option set; --fresh=1 makes it again.
// BENCH_DOMAIN=<a libs/domain folder> pools with that folder's dist (another worktree's build), so
// a build before a change runs the very same bench. "kept" is the heap one cold build holds: the
// heap after a full collection with the build alive, less the heap before it.
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterImport, cachedScaleWorkspace, option } from './generated-workspace.mjs';

const { poolWorkspace } = await import(
  process.env.BENCH_DOMAIN
    ? pathToFileURL(resolve(process.env.BENCH_DOMAIN, 'dist/index.js')).href
    : '@warmpath/domain'
);
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc');

const MEMBERS = option('members', 200);
const POOLED = option('pooled', 500_000);
const COMPANIES = option('companies', 25_000);
const RUNS = option('runs', 5);

const workspace = () =>
  cachedScaleWorkspace({
    members: MEMBERS,
    pooled: POOLED,
    companies: COMPANIES,
    fresh: option('fresh', 0) === 1,
  });

const timed = (run) => {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const answer = run();
  const used = process.cpuUsage(cpu);
  return { answer, cpu: (used.user + used.system) / 1000, wall: performance.now() - start };
};

const summary = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  return `${Math.round(median)} ms (${Math.round(sorted[0])}-${Math.round(sorted[sorted.length - 1])})`;
};

const members = workspace();
const records = members.reduce((sum, member) => sum + member.people.length, 0);
console.log(
  `pool-cold: ${MEMBERS} members, ${records} records, ${COMPANIES} companies, ${RUNS} runs` +
    (process.env.BENCH_DOMAIN ? `, domain of ${process.env.BENCH_DOMAIN}` : ''),
);
console.log(
  `loadavg before: ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);

const cold = { cpu: [], wall: [] };
const links = { cpu: [], wall: [] };
const imported = { cpu: [], wall: [] };
let heap = [];
const kept = [];
let persons = 0;
for (let run = 0; run < RUNS; run++) {
  // Each run from networks never pooled: nothing of an earlier run's keys is kept (new arrays).
  const fresh = members.map((member) => ({ ...member, people: [...member.people] }));
  collect();
  const before = process.memoryUsage().heapUsed;
  const first = timed(() => poolWorkspace(fresh));
  persons = first.answer.persons.length;
  cold.cpu.push(first.cpu);
  cold.wall.push(first.wall);
  collect();
  kept.push((process.memoryUsage().heapUsed - before) / 1e6);
  // Made by the first read that needs them (a whole pooled network), not by the build; a build
  // of before that change made them with the build (no `get`).
  const made = first.answer.companyLinks.get ? timed(() => first.answer.companyLinks.get()) : null;
  if (made) {
    links.cpu.push(made.cpu);
    links.wall.push(made.wall);
  }
  const after = afterImport(fresh);
  const second = timed(() => poolWorkspace(after, first.answer));
  imported.cpu.push(second.cpu);
  imported.wall.push(second.wall);
  heap.push(process.memoryUsage().heapUsed / 1e6);
  console.log(
    `  run ${run + 1}: cold ${Math.round(first.cpu)} ms CPU / ${Math.round(first.wall)} ms wall, ` +
      (made ? `company links then ${Math.round(made.cpu)} ms CPU, ` : '') +
      `after import ${Math.round(second.cpu)} ms CPU / ${Math.round(second.wall)} ms wall, heap ${Math.round(heap.at(-1))} MB, ` +
      `kept by the cold build ${Math.round(kept.at(-1))} MB`,
  );
}
console.log(`pooled people: ${persons}`);
console.log(`cold poolWorkspace: CPU ${summary(cold.cpu)}, wall ${summary(cold.wall)}`);
if (links.cpu.length > 0)
  console.log(
    `company links, first read that needs them: CPU ${summary(links.cpu)}, wall ${summary(links.wall)}`,
  );
console.log(`after one import: CPU ${summary(imported.cpu)}, wall ${summary(imported.wall)}`);
console.log(`heap after: ${summary(heap).replace(/ ms/, ' MB')}`);
console.log(`kept by one cold build: ${summary(kept).replace(/ ms/, ' MB')}`);
console.log(
  `loadavg after: ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
