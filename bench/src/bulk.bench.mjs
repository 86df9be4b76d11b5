// npm run bench:bulk (after npm run build): the bulk import into a workspace
// (docs/workspace-sources.md). BENCH_FILES exports (20) of BENCH_ROWS rows (30,000) each, drawn
// from one universe of BENCH_UNIVERSE generated people (120,000, so exports overlap as a team's
// do), uploaded in one request into a fresh workspace, with 1 and then 2 import workers (a second
// worker process on the same stack, as a second replica). Prints the wall time until every file is
// completed and until every person is in the pooled workspace graph, the workers' CPU seconds per
// 100,000 rows (from /proc, so it holds on a busy machine) and each worker's peak RSS, and where
// the machine's CPU went (each service, the workers, Postgres) until every file completed and then
// until the pooled graph had everyone. Knobs: BENCH_FILES, BENCH_ROWS, BENCH_UNIVERSE,
// BENCH_WORKERS ("1,2"); the services' own settings (IMPORT_CONCURRENCY...) from the environment.
//
// Scaling out on one machine: uncapped, one worker already keeps this 2-CPU machine busy, so a
// second has no CPU to run on. Each worker count therefore runs once per entry of BENCH_WORKER_CPU
// ("0,0.25,0.5"): 0 uncapped, else every worker held to that many CPUs by a cgroup quota, as a pod with
// `resources.limits.cpu: 500m` is, so that a second worker brings CPU of its own (cpu-limit.mjs).
//
// Where a small file's CPU goes (small files cost several times the CPU per row of one large
// import; docs/operations.md#bulk-imports-deploy-scale-watch): it also prints what one parse thread
// costs to start (each file gets a fresh one), the workers' idle CPU (measured for BENCH_IDLE_S
// seconds before the upload, and subtracted in "net"), and how many files were retried (a try that
// failed and ran again re-reads the whole file).
import { COMPACT_NETWORK_MEDIA_TYPE } from '@warmpath/contracts';
import { decodeNetwork } from '@warmpath/domain';
import { buildLinkedInCsv, generateExportRows, seededRandom } from '@warmpath/testing';
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { ROOT } from '../../scripts/lib/infra.mjs';
import { registerUser, startBenchStack } from './stack.mjs';
import { memoryMb, resetPeak } from './processes.mjs';
import { cpuLimitSupport, limitCpu } from './cpu-limit.mjs';

const env = (name, fallback) => Number(process.env[name] ?? fallback);
const FILES = env('BENCH_FILES', 20);
const ROWS = env('BENCH_ROWS', 30_000);
const UNIVERSE = env('BENCH_UNIVERSE', 120_000);
const WORKERS = (process.env.BENCH_WORKERS ?? '1,2').split(',').map(Number);
const IDLE_S = env('BENCH_IDLE_S', 5);
const WORKER_CPU = (process.env.BENCH_WORKER_CPU ?? '0,0.25,0.5').split(',').map(Number);
const TICKS_PER_SECOND = 100;

/** One person's export: ROWS people of the universe, sampled with its own seed. */
function exportOf(universe, seed) {
  const random = seededRandom(seed);
  const picked = new Set();
  while (picked.size < Math.min(ROWS, universe.length)) picked.add(Math.floor(random() * universe.length));
  return [...picked].map((index) => universe[index]);
}

/**
 * User + system CPU seconds of a process so far (/proc/<pid>/stat fields 14 and 15), plus those
 * of its children that ended and were waited for (16 and 17) with `withChildren`.
 */
function cpuSeconds(pid, withChildren = false) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const children = withChildren ? Number(fields[13]) + Number(fields[14]) : 0;
  return (Number(fields[11]) + Number(fields[12]) + children) / TICKS_PER_SECOND;
}

/**
 * CPU milliseconds (all threads of this process) to start one import parse thread, let it load
 * its modules and end it, as the worker does for every file (mean of 5 after one warm-up).
 */
async function parseThreadCpuMs() {
  const url = pathToFileURL(join(ROOT, 'services/import-worker/dist/modules/csv/parse.thread.js'));
  const costs = [];
  for (let i = 0; i < 6; i++) {
    const before = process.cpuUsage();
    const thread = new Worker(url, {
      resourceLimits: { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 4 },
    });
    await new Promise((resolve) => thread.once('online', resolve));
    await sleep(300);
    await thread.terminate();
    const used = process.cpuUsage(before);
    if (i > 0) costs.push((used.user + used.system) / 1000);
  }
  return costs.reduce((sum, cost) => sum + cost, 0) / costs.length;
}

/** Files whose import ran more than once (a try failed and the whole file was read again). */
async function retriedImports(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      'SELECT count(*) FILTER (WHERE attempt > 1)::int AS retried, coalesce(sum(attempt), 0)::int AS tries FROM imports.imports',
    );
    return rows[0];
  } finally {
    await client.end();
  }
}

async function call(url, cookie, init = {}) {
  const response = await fetch(url, { ...init, headers: { cookie, ...init.headers } });
  if (response.status >= 300) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return response;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A second import worker on the run's stack, as a second replica would be. */
async function startSecondWorker(stack) {
  const child = spawn(process.execPath, [join(ROOT, 'services/import-worker/dist/main.js')], {
    cwd: ROOT,
    env: { ...process.env, ...stack.env, HTTP_PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  mkdirSync(stack.logDir, { recursive: true });
  const log = createWriteStream(join(stack.logDir, `import-worker-${child.pid}.log`), { flags: 'a' });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  await sleep(5000);
  return child;
}

/** Process ids whose /proc entry `matches` (a process that ends meanwhile is left out). */
function processIds(matches) {
  const pids = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (matches(pid)) pids.push(Number(pid));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** The run's import workers (the stack's and the extra ones), by their command and NATS prefix. */
const workerPids = (runId) =>
  processIds(
    (pid) =>
      readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('services/import-worker/dist/main.js') &&
      readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`NATS_PREFIX=${runId}`),
  );

/** The Postgres server and its backends (the server is shared: the bench runs alone). */
const postgresPids = () =>
  processIds((pid) => readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres');

/** CPU seconds so far of each stack service, the import workers together and Postgres (its backends). */
function cpuByPart(stack, workers) {
  const parts = {};
  for (const [name, pid] of Object.entries(stack.pids()))
    if (name !== 'import-worker') parts[name] = cpuSeconds(pid);
  parts['import workers'] = workers.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  // Backends that ended took their CPU with them, into the server's own children's count.
  parts.postgres = postgresPids().reduce((sum, pid) => sum + (safeCpuSeconds(pid, true) ?? 0), 0);
  return parts;
}

/** A process' CPU seconds, with its ended children's (`withChildren`), or undefined once it is gone. */
const safeCpuSeconds = (pid, withChildren = false) => {
  try {
    return cpuSeconds(pid, withChildren);
  } catch {
    return undefined;
  }
};

const cpuSpent = (after, before) =>
  Object.fromEntries(
    Object.entries(after).map(([part, value]) => [part, +(value - (before[part] ?? 0)).toFixed(1)]),
  );

async function runWith(workers, cpuCap, files, expectedPeople) {
  const stack = await startBenchStack({ label: 'bulk' });
  console.log(`bench:bulk: services log to ${stack.logDir}`);
  const extra = [];
  const limits = [];
  try {
    for (let i = 1; i < workers; i++) extra.push(await startSecondWorker(stack));
    const pids = workerPids(stack.runId);
    if (pids.length !== workers) throw new Error(`expected ${workers} workers, found ${pids.length}`);
    if (cpuCap) for (const pid of pids) limits.push(limitCpu(pid, cpuCap, `warmpath-bench-worker-${pid}`));
    // On a machine at load 60 even a registration may outlast its budget: once more.
    const owner = await registerUser(stack.url, 'bulkowner').catch(() =>
      registerUser(stack.url, 'bulkowner'),
    );
    const created = await call(`${stack.url}/api/teams`, owner.cookie, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bulk bench' }),
    });
    const teamId = (await created.json()).id;
    const form = new FormData();
    for (const [index, csv] of files.entries()) {
      form.append('name', `Person ${index + 1}`);
      form.append('file', new Blob([csv], { type: 'text/csv' }), `person-${index + 1}.csv`);
    }
    // The workers' CPU while nothing is imported (queue polling, reconciler, health): per second.
    const idleFrom = pids.map(cpuSeconds);
    await sleep(IDLE_S * 1000);
    const idlePerSecond = pids.reduce((sum, pid, i) => sum + cpuSeconds(pid) - idleFrom[i], 0) / IDLE_S;
    for (const pid of pids) resetPeak(pid);
    const cpuBefore = pids.map(cpuSeconds);
    const partsBefore = cpuByPart(stack, pids);
    const load = loadavg()[0];
    const started = performance.now();
    const accepted = await (
      await call(`${stack.url}/api/teams/${teamId}/bulk-imports`, owner.cookie, {
        method: 'POST',
        body: form,
      })
    ).json();
    const answered = performance.now() - started;
    let bulk;
    for (;;) {
      bulk = await (await call(`${stack.url}${accepted.statusUrl}`, owner.cookie)).json();
      if (bulk.files.every((file) => file.status === 'completed' || file.status === 'failed')) break;
      await sleep(250);
    }
    const completed = performance.now() - started;
    const throttled = limits.reduce((sum, limit) => sum + limit.throttledS(), 0);
    const cpuAfter = pids.map(cpuSeconds);
    const partsCompleted = cpuByPart(stack, pids);
    const peaks = pids.map((pid) => memoryMb(pid).peak);
    const failed = bulk.files.filter((file) => file.status !== 'completed');
    if (failed.length) throw new Error(`files failed: ${JSON.stringify(failed.map((f) => f.error))}`);
    console.log(
      JSON.stringify({
        workers,
        answeredMs: answered,
        completedMs: completed,
        workerCpuS: cpuAfter.map((v, i) => v - (cpuBefore[i] ?? 0)),
        peaks,
      }),
    );
    let people = 0;
    for (;;) {
      // The pooled build of ~120,000 people may outlast a read's budget on a busy machine: read again.
      // In the compact form, as the app reads it (the plain JSON is built on its first ask).
      const response = await fetch(`${stack.url}/api/teams/${teamId}/network`, {
        headers: { cookie: owner.cookie, accept: COMPACT_NETWORK_MEDIA_TYPE },
      });
      if (response.status === 503 || response.status === 504) {
        await sleep(2000);
        continue;
      }
      if (response.status !== 200) throw new Error(`pooled network answered ${response.status}`);
      const data = decodeNetwork(await response.json());
      people = data.connections.filter((c) => !c.isUser && !c.isTeammate).length;
      if (people >= expectedPeople) break;
      await sleep(500);
    }
    const queryable = performance.now() - started;
    const partsQueryable = cpuByPart(stack, pids);
    const cpu = cpuAfter.reduce((sum, value, i) => sum + value - (cpuBefore[i] ?? 0), 0);
    const idleCpu = (idlePerSecond * completed) / 1000;
    const { retried, tries } = await retriedImports(stack.env.DATABASE_URL);
    return {
      workers,
      cpuCap,
      throttled,
      answered,
      completed,
      queryable,
      cpu,
      idleCpu,
      retried,
      tries,
      peaks,
      people,
      load,
      loadAfter: loadavg()[0],
      // Where the machine's CPU went: until every file completed, then until the pooled graph had everyone.
      cpuUntilCompleted: cpuSpent(partsCompleted, partsBefore),
      cpuUntilPooled: cpuSpent(partsQueryable, partsCompleted),
    };
  } finally {
    for (const limit of limits) limit.release();
    for (const child of extra) child.kill('SIGTERM');
    await stack.stop();
  }
}

async function main() {
  const universe = [...generateExportRows(UNIVERSE, { seed: 16 })];
  const samples = Array.from({ length: FILES }, (_, index) => exportOf(universe, 200 + index));
  const expectedPeople = new Set(samples.flat().map((row) => row.url.toLowerCase())).size;
  const files = samples.map((rows) => buildLinkedInCsv(rows));
  const rows = FILES * ROWS;
  console.log(
    `bench:bulk: ${FILES} exports of ${ROWS} rows (${rows} rows, ${(files.reduce((s, f) => s + f.length, 0) / 1e6).toFixed(1)} MB) from a universe of ${UNIVERSE}: ${expectedPeople} distinct people`,
  );
  const threadMs = await parseThreadCpuMs();
  console.log(
    `bench:bulk: one parse thread costs ${threadMs.toFixed(0)} ms of CPU to start and end (one per file: ${((threadMs * FILES) / 1000).toFixed(1)} s for ${FILES} files, ${((threadMs * FILES * 100) / rows).toFixed(2)} s per 100,000 rows of these files)`,
  );
  const support = cpuLimitSupport();
  const capsSupported = support === 'v1' || support === 'v2';
  if (!capsSupported && WORKER_CPU.some((cap) => cap > 0))
    console.log(`bench:bulk: no runs with a CPU budget: ${support}`);
  const caps = WORKER_CPU.filter((cap) => cap === 0 || capsSupported);
  const results = [];
  for (const cap of caps) {
    for (const workers of WORKERS) {
      const result = await runWith(workers, cap, files, expectedPeople);
      results.push(result);
      console.log(JSON.stringify(result));
    }
  }
  console.log(
    '\n| workers | CPU per worker (throttled s) | 202 | all files completed | every person in the pooled graph | workers CPU | CPU s / 100,000 rows | net of idle CPU | files retried (tries) | worker peak RSS | load avg (1 min) before → after |',
  );
  console.log('|---:|---|---:|---:|---:|---:|---:|---:|---:|---|---|');
  for (const r of results) {
    console.log(
      `| ${r.workers} | ${capLabel(r)} | ${(r.answered / 1000).toFixed(1)} s | ${(r.completed / 1000).toFixed(1)} s | ${(r.queryable / 1000).toFixed(1)} s | ${r.cpu.toFixed(1)} s | ${((r.cpu * 100_000) / rows).toFixed(2)} | ${(((r.cpu - r.idleCpu) * 100_000) / rows).toFixed(2)} | ${r.retried} (${r.tries}) | ${r.peaks.map((p) => `${Math.round(p)} MB`).join(', ')} | ${r.load.toFixed(1)} → ${r.loadAfter.toFixed(1)} |`,
    );
  }
  printCpuTable(results);
}

const capLabel = (r) => (r.cpuCap ? `${r.cpuCap} (${r.throttled.toFixed(1)} s)` : 'uncapped');

/** CPU seconds by part of the stack, per run: until the files completed, then until pooled. */
function printCpuTable(results) {
  const parts = Object.keys(results[0].cpuUntilCompleted);
  console.log(`\n| CPU s (completed + pooled) | ${parts.join(' | ')} |`);
  console.log(`|---|${parts.map(() => '---:').join('|')}|`);
  for (const r of results)
    console.log(
      `| ${r.workers} worker(s), ${capLabel(r)} | ${parts.map((p) => `${r.cpuUntilCompleted[p]} + ${r.cpuUntilPooled[p]}`).join(' | ')} |`,
    );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
