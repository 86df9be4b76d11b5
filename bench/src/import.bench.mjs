// `npm run bench:import`: end-to-end import benchmark (issue 4). Prints numbers; asserts nothing.
//
// Starts its own isolated stack (own database, Redis prefix, NATS prefix) on the local
// infrastructure, then for generated LinkedIn exports of 1,200, 30,000 and 300,000 rows measures:
// upload start → 202, → import completed (SSE), → the people queryable through GET /api/network;
// rows/s; the worker's CPU time and peak RSS (VmHWM, reset before each run).
// Options: BENCH_SIZES=1200,30000 (rows), BENCH_RUNS=1 (runs per size; the median is printed).
// Then a re-import (issue 15): BENCH_REIMPORT rows (30000 by default, 0 skips it) imported by a fresh
// user, and a newer export of them with ~5% job changes, ~2% people absent and ~1% new, timed the
// same way; with BENCH_LOG_LEVEL=info it also prints the merge's time and the share of it spent
// recording the changes (the network service's `import merged` log line).
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropDatabase, ensureDatabase, ensureInfrastructure, ROOT } from '../../scripts/lib/infra.mjs';
import { freePort, startStack } from '../../scripts/lib/stack.mjs';

const SIZES = (process.env.BENCH_SIZES ?? '1200,30000,300000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 1);
const REIMPORT_ROWS = Number(process.env.BENCH_REIMPORT ?? 30000);
const TESTING_DIST = join(ROOT, 'libs/testing/dist/index.js');

if (!existsSync(TESTING_DIST)) {
  console.error('libs/testing is not built: run npm run build first');
  process.exit(1);
}
const { generateLinkedInCsv, generateExportRows, buildLinkedInCsv } = await import(TESTING_DIST);

const runId = `bench${randomBytes(3).toString('hex')}`;
const infra = await ensureInfrastructure({ log: () => undefined });
const dbName = `warmpath_${runId}`;
const env = {
  DATABASE_URL: await ensureDatabase(infra.postgresUrl, dbName),
  REDIS_URL: infra.redisUrl,
  NATS_URL: infra.natsUrl,
  NATS_PREFIX: runId,
  REDIS_PREFIX: `warmpath-${runId}:`,
  NODE_ENV: 'production',
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
  ADMIN_PASSWORD: 'bench-admin-password',
  // The 300,000-row export is ~33 MB: above the default 10 MiB upload limit.
  IMPORT_MAX_FILE_BYTES: String(64 * 1024 * 1024),
  // BENCH_NATS_TIMEOUT_MS: a longer bus timeout for a machine so busy that sign-ups time out.
  ...(process.env.BENCH_NATS_TIMEOUT_MS
    ? { NATS_REQUEST_TIMEOUT_MS: process.env.BENCH_NATS_TIMEOUT_MS }
    : {}),
};
console.log(`starting an isolated stack (${runId})...`);
const logDir = join(tmpdir(), 'warmpath-bench', runId);
// A busy machine (other builds and tests) can take more than the default 90 s to start the stack.
const stack = await startStack({ env, port: await freePort(), logDir, healthTimeoutMs: 300_000 });

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
  const reimport = REIMPORT_ROWS > 0 ? await measureReimport(REIMPORT_ROWS) : null;
  if (reimport) printReimport(reimport);
  writeFileSync(
    join(tmpdir(), 'warmpath-bench', `${runId}.json`),
    JSON.stringify({ env: machine(), results, reimport }, null, 2),
  );
} finally {
  await stack.stop();
  await dropDatabase(infra.postgresUrl, dbName);
  await removeQueuesAndUploads().catch((error) => console.error(`cleanup: ${error.message}`));
  await infra.stop();
}

/** What the run left in Redis (queue keys) and JetStream (the upload bucket). */
async function removeQueuesAndUploads() {
  const { Redis } = await import('ioredis');
  const redis = new Redis(env.REDIS_URL);
  const keys = await redis.keys(`${env.REDIS_PREFIX}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
  const { connect } = await import('@nats-io/transport-node');
  const { jetstreamManager } = await import('@nats-io/jetstream');
  const nc = await connect({ servers: env.NATS_URL });
  await (await jetstreamManager(nc)).streams.delete(`OBJ_${runId}_imports`).catch(() => undefined);
  await nc.close();
}

/**
 * An export of `rows` people imported by a fresh user, then a newer export of them: every 20th
 * person changed job (~5%), every 50th missing (~2%), one new person per 100 rows (~1%).
 */
async function measureReimport(rows) {
  const older = [...generateExportRows(rows, { seed: rows + 1 })];
  const newer = [];
  older.forEach((row, index) => {
    if (index % 50 === 7) return;
    newer.push(index % 20 === 3 ? { ...row, company: 'Initrode Labs', position: 'Head of Platform' } : row);
  });
  const added = [...generateExportRows(Math.round(rows / 100), { seed: rows + 2 })].map((row, index) => ({
    ...row,
    url: `https://www.linkedin.com/in/bench-new-${index}`,
  }));
  const expected = {
    moved: older.filter((_, i) => i % 20 === 3 && i % 50 !== 7).length,
    absent: 0,
    added: added.length,
  };
  expected.absent = older.filter((_, i) => i % 50 === 7).length;
  const cookie = await signUp();
  const first = await measure(rows, buildLinkedInCsv(older), cookie);
  const second = await measure(newer.length + added.length, buildLinkedInCsv([...newer, ...added]), cookie, {
    people: rows + added.length,
  });
  return { rows, expected, first, second, merged: mergeLog(second.importId) };
}

/** The network service's `import merged` line of an import (with BENCH_LOG_LEVEL=info), or null. */
function mergeLog(importId) {
  try {
    const lines = readFileSync(join(logDir, 'network.log'), 'utf8').split('\n');
    for (const line of lines) {
      if (!line.includes(importId) || !line.includes('import merged')) continue;
      return JSON.parse(line.slice(line.indexOf('{')));
    }
  } catch {
    // no log (BENCH_LOG_LEVEL=warn)
  }
  return null;
}

function printReimport({ rows, expected, first, second, merged }) {
  console.log(
    `\nRe-import of ${rows.toLocaleString('en')} people: ${expected.moved} job changes, ${expected.absent} absent, ${expected.added} new`,
  );
  const line = (name, r) =>
    `${name}: completed ${r.completedMs.toFixed(0)} ms, queryable ${r.queryableMs.toFixed(0)} ms, ` +
    `services CPU ${r.servicesCpuMs.toFixed(0)} ms, Postgres CPU ${r.postgresCpuMs.toFixed(0)} ms` +
    (r.counts ? `; status: ${JSON.stringify(r.counts)}` : '');
  console.log(line('first import', first));
  console.log(line('re-import', second));
  if (merged) {
    const share = (100 * merged.changesMs) / merged.ms;
    console.log(
      `merge ${merged.ms} ms (match ${merged.matchMs}, insert ${merged.insertMs}, update ${merged.updateMs}, ` +
        `record changes ${merged.changesMs} ms = ${share.toFixed(0)}% of the merge, ` +
        `${((100 * merged.changesMs) / second.completedMs).toFixed(0)}% of upload → completed)`,
    );
  } else {
    console.log('merge timings: run with BENCH_LOG_LEVEL=info to read them from the network service log');
  }
}

/** One import of `rows` rows by a fresh user (or `cookie`'s), timed end to end. */
async function measure(rows, csv, cookie = null, { people = rows } = {}) {
  cookie ??= await signUp();
  const worker = workerProcess();
  resetPeakRss(worker);
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
  if (network.people !== null && network.people !== people)
    throw new Error(`GET /api/network shows ${network.people} people`);
  return {
    rows,
    importId: final.id,
    counts: {
      imported: final.imported,
      updated: final.updated,
      unchanged: final.unchanged,
      jobChanges: final.jobChanges,
      absent: final.absent,
    },
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
    workerPeakRssMb: peakRssMb(worker),
  };
}

async function signUp() {
  // A busy machine may time a sign-up out (504): try again, it measures nothing.
  for (let attempt = 1; ; attempt++) {
    if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, 3000));
    const id = randomBytes(4).toString('hex');
    const password = `pw-${id}-bench`;
    const response = await fetch(`${stack.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: `bench_${id}`,
        firstName: 'Bench',
        lastName: 'User',
        email: `bench.${id}@example.org`,
        password,
        confirmPassword: password,
      }),
    });
    if (response.status === 201) return response.headers.get('set-cookie').split(';')[0];
    if (response.status < 500 || attempt === 10) throw new Error(`register answered ${response.status}`);
  }
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

/** The pid of this stack's import worker (found by its NATS prefix). */
function workerProcess() {
  const marker = `NATS_PREFIX=${runId}`;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('services/import-worker/dist/main.js'))
        continue;
      if (readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(marker)) return Number(pid);
    } catch {
      // gone meanwhile
    }
  }
  throw new Error('import worker process not found');
}

/**
 * CPU time (ms) per process of this run's stack: its services (found by NATS prefix) and the
 * Postgres backends of its database (found by their process title).
 */
function stackCpuMs() {
  const services = new Map();
  const postgres = new Map();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (command.startsWith('postgres:') && command.includes(` ${dbName} `)) postgres.set(pid, cpuMs(pid));
      else if (
        command.includes('/dist/main.js') &&
        readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`NATS_PREFIX=${runId}`)
      )
        services.set(pid, cpuMs(pid));
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

/** Writing 5 to clear_refs resets VmHWM (Linux): the peak then covers this run only. */
function resetPeakRss(pid) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // Not permitted: the peak then covers the process' whole life, an upper bound.
  }
}

function peakRssMb(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmHWM:'));
  return Number(line?.match(/\d+/)?.[0] ?? 0) / 1024;
}

/** User + system CPU time of a process, in ms (clock ticks are 1/100 s on Linux). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
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
