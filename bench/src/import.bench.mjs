// `npm run bench:import`: end-to-end import benchmark (issue 4). Prints numbers; asserts nothing.
//
// Starts its own isolated stack (own database, Redis prefix, NATS prefix) on the local
// infrastructure, then for generated LinkedIn exports of 1,200, 30,000 and 300,000 rows measures:
// upload start → 202, → import completed (SSE), → the people queryable through GET /api/network;
// rows/s; the worker's CPU time and peak RSS (VmHWM, reset before each run).
// Options: BENCH_SIZES=1200,30000 (rows), BENCH_RUNS=1 (runs per size; the median is printed).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../../scripts/lib/infra.mjs';
import { cpuMs, memoryMb, resetPeak } from './processes.mjs';
import { registerUser, startBenchStack } from './stack.mjs';

const SIZES = (process.env.BENCH_SIZES ?? '1200,30000,300000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 1);
const TESTING_DIST = join(ROOT, 'libs/testing/dist/index.js');

if (!existsSync(TESTING_DIST)) {
  console.error('libs/testing is not built: run npm run build first');
  process.exit(1);
}
const { generateLinkedInCsv } = await import(TESTING_DIST);

console.log('starting an isolated stack...');
const stack = await startBenchStack({
  label: 'import',
  // The 300,000-row export is ~33 MB: above the default 10 MiB upload limit.
  env: { IMPORT_MAX_FILE_BYTES: String(64 * 1024 * 1024) },
});
const { runId } = stack;

try {
  const results = [];
  for (const rows of SIZES) {
    const csv = generateLinkedInCsv(rows, { seed: rows });
    const runs = [];
    for (let run = 0; run < RUNS; run++) runs.push(await measure(rows, csv));
    runs.sort((a, b) => a.queryableMs - b.queryableMs);
    results.push(runs[Math.floor(runs.length / 2)]);
  }
  printTable(results);
  writeFileSync(
    join(tmpdir(), 'warmpath-bench', `${runId}.json`),
    JSON.stringify({ env: machine(), results }, null, 2),
  );
} finally {
  await stack.stop();
}

/** One import of `rows` rows by a fresh user, timed end to end. */
async function measure(rows, csv) {
  const { cookie } = await registerUser(stack.url, 'import');
  const worker = stack.pids()['import-worker'];
  resetPeak(worker);
  const cpuBefore = cpuMs(worker);
  const stackBefore = stackCpuMs();
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'Connections.csv');
  const started = performance.now();
  const response = await fetch(`${stack.url}/api/network/import/authenticated`, {
    method: 'POST',
    headers: { cookie, prefer: 'respond-async' },
    body: form,
  });
  const acceptedMs = performance.now() - started;
  const accepted = await response.json();
  if (response.status !== 202)
    throw new Error(`upload answered ${response.status}: ${JSON.stringify(accepted)}`);
  const { states, final } = await followEvents(accepted.eventsUrl, cookie, started);
  if (final.state !== 'completed') throw new Error(`import ${final.state}: ${final.error?.message}`);
  const completedMs = performance.now() - started;
  const stackAfter = stackCpuMs();
  const network = await readNetwork(cookie);
  const queryableMs = performance.now() - started;
  if (network.people !== null && network.people !== rows)
    throw new Error(`GET /api/network shows ${network.people} people`);
  return {
    rows,
    megabytes: Buffer.byteLength(csv) / 1e6,
    acceptedMs,
    parsedMs: states.saving ?? null,
    savedMs: states.linking ?? null,
    completedMs,
    queryableMs: network.people === null ? completedMs : queryableMs,
    networkRead: network.people === null ? `GET /api/network ${network.status}` : 'GET /api/network',
    rowsPerSecond: rows / ((network.people === null ? completedMs : queryableMs) / 1000),
    completedRowsPerSecond: rows / (completedMs / 1000),
    relationships: final.relationships,
    workerCpuMs: cpuMs(worker) - cpuBefore,
    // CPU to completed, whatever else the machine runs: the load-independent cost of an import.
    servicesCpuMs: cpuDelta(stackBefore.services, stackAfter.services),
    postgresCpuMs: cpuDelta(stackBefore.postgres, stackAfter.postgres),
    workerPeakRssMb: memoryMb(worker).peak,
  };
}

/** Reads the import's SSE stream to its end; notes when each state was first seen (ms since upload start). */
async function followEvents(eventsUrl, cookie, started) {
  const response = await fetch(`${stack.url}${eventsUrl}`, { headers: { cookie } });
  const decoder = new TextDecoder();
  const states = {};
  let buffer = '';
  let final = null;
  for await (const chunk of response.body) {
    buffer += decoder.decode(chunk, { stream: true });
    let end;
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      const data = buffer
        .slice(0, end)
        .split('\n')
        .find((line) => line.startsWith('data: '));
      buffer = buffer.slice(end + 2);
      if (!data) continue;
      final = JSON.parse(data.slice(6));
      states[final.state] ??= performance.now() - started;
    }
  }
  return { states, final };
}

/** GET /api/network (issue 5); people = connections minus the own node, null when it is not there or fails. */
async function readNetwork(cookie) {
  try {
    const response = await fetch(`${stack.url}/api/network`, {
      headers: { cookie, 'accept-encoding': 'gzip' },
    });
    if (!response.ok) return { people: null, status: response.status };
    const body = await response.json();
    return { people: body.connections.filter((c) => !c.isUser).length, status: response.status };
  } catch (error) {
    // A network this big may outlast the gateway's request budget: say so, measure to completion.
    return { people: null, status: `failed (${error.cause?.message ?? error.message})` };
  }
}

/**
 * CPU time (ms) per process of this run's stack: its services and the
 * Postgres backends of its database (found by their process title).
 */
function stackCpuMs() {
  const services = new Map(Object.values(stack.pids()).map((pid) => [pid, cpuMs(pid)]));
  const postgres = new Map();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (command.startsWith('postgres:') && command.includes(` ${stack.database} `)) {
        const used = cpuMs(pid);
        if (Number.isFinite(used)) postgres.set(pid, used);
      }
    } catch {
      // gone meanwhile
    }
  }
  return { services, postgres };
}

/** CPU used between two readings; a process that started meanwhile counts from zero. */
function cpuDelta(before, after) {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

function machine() {
  return {
    cpus: cpus().length,
    model: cpus()[0]?.model,
    loadAverage: loadavg()
      .map((l) => l.toFixed(1))
      .join(' '),
    node: process.version,
  };
}

function printTable(results) {
  const m = machine();
  console.log(`\n${m.cpus} × ${m.model}, load average ${m.loadAverage}, Node ${m.node}\n`);
  const header = [
    'rows',
    'MB',
    '202 (ms)',
    'parsed (ms)',
    'saved (ms)',
    'completed (ms)',
    'queryable (ms)',
    'rows/s to completed',
    'rows/s to queryable',
    'links',
    'worker CPU (ms)',
    'services CPU (ms)',
    'Postgres CPU (ms)',
    'worker peak RSS (MB)',
  ];
  const lines = results.map((r) => [
    r.rows.toLocaleString('en'),
    r.megabytes.toFixed(1),
    r.acceptedMs.toFixed(0),
    r.parsedMs?.toFixed(0) ?? '-',
    r.savedMs?.toFixed(0) ?? '-',
    r.completedMs.toFixed(0),
    `${r.queryableMs.toFixed(0)}${r.networkRead === 'GET /api/network' ? '' : '*'}`,
    Math.round(r.completedRowsPerSecond).toLocaleString('en'),
    Math.round(r.rowsPerSecond).toLocaleString('en'),
    r.relationships.toLocaleString('en'),
    r.workerCpuMs.toFixed(0),
    r.servicesCpuMs.toFixed(0),
    r.postgresCpuMs.toFixed(0),
    r.workerPeakRssMb.toFixed(0),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const row = (cells) => `| ${cells.map((c, i) => c.padStart(widths[i])).join(' | ')} |`;
  console.log(row(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const line of lines) console.log(row(line));
  for (const r of results.filter((result) => result.networkRead !== 'GET /api/network')) {
    console.log(`\n* ${r.rows} rows: ${r.networkRead}; measured to import completed.`);
  }
}
