// `npm run bench:import`: end-to-end import benchmark (issue 4). Prints numbers; asserts nothing.
//
// Starts its own isolated stack (own database, Redis prefix, NATS prefix) on the local
// infrastructure, then for generated LinkedIn exports of 1,200, 30,000 and 300,000 rows measures:
// upload start → 202, → import completed (SSE), → the people queryable through GET /api/network;
// rows/s; the worker's CPU time and peak RSS (VmHWM, reset before each run).
// Options: BENCH_SIZES=1200,30000 (rows), BENCH_RUNS=1 (runs per size; the median is printed).
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropDatabase, ensureDatabase, ensureInfrastructure, ROOT } from '../../scripts/lib/infra.mjs';
import { freePort, startStack } from '../../scripts/lib/stack.mjs';

const SIZES = (process.env.BENCH_SIZES ?? '1200,30000,300000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 1);
const TESTING_DIST = join(ROOT, 'libs/testing/dist/index.js');

if (!existsSync(TESTING_DIST)) {
  console.error('libs/testing is not built: run npm run build first');
  process.exit(1);
}
const { generateLinkedInCsv } = await import(TESTING_DIST);

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
};
console.log(`starting an isolated stack (${runId})...`);
const stack = await startStack({
  env,
  port: await freePort(),
  logDir: join(tmpdir(), 'warmpath-bench', runId),
});

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

/** One import of `rows` rows by a fresh user, timed end to end. */
async function measure(rows, csv) {
  const cookie = await signUp();
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
    workerPeakRssMb: peakRssMb(worker),
  };
}

async function signUp() {
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
  if (response.status !== 201) throw new Error(`register answered ${response.status}`);
  return response.headers.get('set-cookie').split(';')[0];
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
