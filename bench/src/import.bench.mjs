// `npm run bench:import`: end-to-end import benchmark (docs/import.md). Prints numbers; asserts nothing.
//
// Starts its own isolated stack (own database, Redis prefix, NATS prefix) on the local
// infrastructure, then for generated LinkedIn exports of 1,200, 30,000 and 300,000 rows measures:
// upload start → 202, → import completed (SSE), → the people queryable through GET /api/network;
// rows/s; the worker's CPU time and peak RSS (VmHWM, reset before each run).
// Options: BENCH_SIZES=1200,30000 (rows), BENCH_RUNS=1 (runs per size; the median is printed).
// Then a re-import (docs/import.md): BENCH_REIMPORT rows (30000 by default, 0 skips it) imported by a fresh
// user, and a newer export of them with ~5% job changes, ~2% people absent and ~1% new, timed the
// same way; with BENCH_LOG_LEVEL=info it also prints the merge's time and the share of it spent
// recording the changes (the network service's `import merged` log line).
// Then an archive (docs/warmth.md): BENCH_ARCHIVE=30000:500000 (connections:messages, 0 skips it),
// LinkedIn's ZIP with messages.csv, invitations, endorsements and recommendations, timed the same
// way, BENCH_RUNS times (every run, then the median and min-max); prints the signals read and the
// worker's peak RSS. BENCH_MESSAGES_MB=200 adds an archive whose messages.csv is about that large
// (the memory check; not run by default).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../../scripts/lib/infra.mjs';
import { cpuMs, memoryMb, resetPeak } from './processes.mjs';
import { registerUser, startBenchStack } from './stack.mjs';

const SIZES = (process.env.BENCH_SIZES ?? '1200,30000,300000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const RUNS = Number(process.env.BENCH_RUNS ?? 1);
const REIMPORT_ROWS = Number(process.env.BENCH_REIMPORT ?? 30000);
const TESTING_DIST = join(ROOT, 'libs/testing/dist/index.js');

if (!existsSync(TESTING_DIST)) {
  console.error('libs/testing is not built: run npm run build first');
  process.exit(1);
}
const ARCHIVE = (process.env.BENCH_ARCHIVE ?? '30000:500000').split(':').map(Number);
const MESSAGES_MB = Number(process.env.BENCH_MESSAGES_MB ?? 0);
const { generateLinkedInCsv, generateExportRows, buildLinkedInCsv, generateArchive, buildZip } = await import(
  TESTING_DIST
);

console.log('starting an isolated stack...');
const stack = await startBenchStack({
  label: 'import',
  // The 300,000-row export is ~33 MB: above the default 10 MiB upload limit.
  env: {
    IMPORT_MAX_FILE_BYTES: String(64 * 1024 * 1024),
    // BENCH_NATS_TIMEOUT_MS: a longer bus timeout for a machine so busy that sign-ups time out.
    ...(process.env.BENCH_NATS_TIMEOUT_MS
      ? { NATS_REQUEST_TIMEOUT_MS: process.env.BENCH_NATS_TIMEOUT_MS }
      : {}),
  },
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
  const reimport = REIMPORT_ROWS > 0 ? await measureReimport(REIMPORT_ROWS) : null;
  if (reimport) printReimport(reimport);
  const archives = [];
  if (ARCHIVE[0] > 0) archives.push(await measureArchives(ARCHIVE[0], ARCHIVE[1] ?? 0));
  // ~250 bytes a message row: BENCH_MESSAGES_MB of messages.csv over a few hundred connections.
  if (MESSAGES_MB > 0) archives.push(await measureArchives(500, Math.round((MESSAGES_MB * 1e6) / 250)));
  writeFileSync(
    join(tmpdir(), 'warmpath-bench', `${runId}.json`),
    JSON.stringify({ env: machine(), results, reimport, archives }, null, 2),
  );
} finally {
  await stack.stop();
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
  const { cookie } = await registerUser(stack.url, 'import');
  const first = await measure(rows, buildLinkedInCsv(older), cookie);
  const second = await measure(newer.length + added.length, buildLinkedInCsv([...newer, ...added]), cookie, {
    people: rows + added.length,
  });
  return { rows, expected, first, second, merged: mergeLog(second.importId) };
}

/** An archive of `connections` people and `messages` messages imported by a fresh user. */
async function measureArchive(connections, messages) {
  const archive = generateArchive({ seed: connections, connections, messages });
  const messagesMb = Buffer.byteLength(archive.files.find((file) => file.name === 'messages.csv').data) / 1e6;
  const zip = buildZip(archive.files);
  const file = { data: zip, name: 'Complete_LinkedInDataExport.zip', type: 'application/zip' };
  const result = await measure(connections, null, null, { file });
  return { connections, messages, messagesMb, zipMb: zip.length / 1e6, ...result };
}

/** BENCH_RUNS imports of one archive, each by a fresh user: every run printed, then the spread. */
async function measureArchives(connections, messages) {
  const runs = [];
  for (let run = 0; run < RUNS; run++) {
    const result = await measureArchive(connections, messages);
    printArchive(result);
    runs.push(result);
  }
  if (runs.length > 1) {
    const spread = (key) => {
      const values = runs.map((r) => r[key]).sort((a, b) => a - b);
      const median = values[Math.floor(values.length / 2)];
      return `${median.toFixed(0)} (${values[0].toFixed(0)}-${values[values.length - 1].toFixed(0)})`;
    };
    console.log(
      `Archive, ${runs.length} runs, median (min-max): completed ${spread('completedMs')} ms, ` +
        `queryable ${spread('queryableMs')} ms, worker CPU ${spread('workerCpuMs')} ms, ` +
        `worker peak RSS ${spread('workerPeakRssMb')} MB; load average ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}`,
    );
  }
  return runs;
}

function printArchive(r) {
  console.log(
    `\nArchive: ${r.connections.toLocaleString('en')} connections, ${r.messages.toLocaleString('en')} messages ` +
      `(messages.csv ${r.messagesMb.toFixed(0)} MB, ZIP ${r.zipMb.toFixed(1)} MB): 202 ${r.acceptedMs.toFixed(0)} ms, ` +
      `connections saved ${r.savedMs?.toFixed(0)} ms, completed ${r.completedMs.toFixed(0)} ms, ` +
      `queryable ${r.queryableMs.toFixed(0)} ms (${r.networkRead}); worker CPU ${r.workerCpuMs.toFixed(0)} ms, ` +
      `worker peak RSS ${r.workerPeakRssMb} MB; signals: ${JSON.stringify(r.signals)}`,
  );
}

/** The network service's `import merged` line of an import (with BENCH_LOG_LEVEL=info), or null. */
function mergeLog(importId) {
  try {
    const lines = readFileSync(join(stack.logDir, 'network.log'), 'utf8').split('\n');
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
async function measure(rows, csv, cookie = null, { people = rows, file = null } = {}) {
  cookie ??= (await registerUser(stack.url, 'import')).cookie;
  const worker = stack.pids()['import-worker'];
  resetPeak(worker);
  const cpuBefore = cpuMs(worker);
  const stackBefore = stackCpuMs();
  const form = new FormData();
  const upload = file ?? { data: csv, name: 'Connections.csv', type: 'text/csv' };
  form.append('file', new Blob([upload.data], { type: upload.type }), upload.name);
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
  // The progress events carry no signals report: the import's status does.
  const status = await (await fetch(`${stack.url}/api/imports/${final.id}`, { headers: { cookie } })).json();
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
    megabytes: (typeof upload.data === 'string' ? Buffer.byteLength(upload.data) : upload.data.length) / 1e6,
    signals: status.signals ?? null,
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

/**
 * GET /api/network (docs/network-api.md); people = connections minus the own node, null when it is
 * not there or fails.
 */
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
