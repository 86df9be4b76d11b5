// npm run bench:scale — how keeping a workspace fresh scales with its readers
// (docs/performance.md#workspace-scale-readers). Prints numbers; asserts nothing.
//
// For each size (members × pooled people × readers) it starts the whole stack on its own database,
// registers the members through the API, makes the workspace (the owner through the teams API, the
// others as rows of teams.members: see addMembers), seeds each member's network from one universe
// of people so that they overlap (api-bench/seed.mjs), and then, driving HTTP only:
//   - cold: every reader's first read of their pooled network, in the compact form the web app asks
//     for; the network service's CPU for all of them;
//   - warm: reads with If-None-Match (304) and full reads, one reader after another;
//   - a member's import of BENCH_IMPORT new people (200): their rows and version bump as the import
//     pipeline writes them, and its network.import.completed event (workspace-bench/member-import.mjs);
//     then every reader asks again with If-None-Match, as the web app does on the event, until their
//     answer has the new people: the time until the last reader sees them, and the network
//     service's CPU from the import until it is idle again. BENCH_IMPORT_MODE=export uploads a
//     200-row export through the API instead, which also flags the member's other people absent.
// BENCH_READ=split (the default) reads as the web app does: the workspace version's base, which
// every reader shares, and the reader's patch (GET /api/teams/{id}/network/base and /patch), and
// times assembling them with the reader's own network in this process (applyViewerPatch, the data
// worker's step); BENCH_READ=snapshot reads each reader's per-viewer snapshot
// (GET /api/teams/{id}/network), as API clients do (docs/workspace-network.md).
// Readers are members, each reading their own view. It reads process figures only
// (processes.mjs), so it measures whatever builds the snapshots.
// Knobs: BENCH_READ (split), BENCH_IMPORT_MODE (add), BENCH_SCALE_SIZES ("10x100000x10,50x200000x50", the default; also 200x500000x200 and
// 500x1000000x500), BENCH_RUNS (1: member's imports per size, median and min-max), BENCH_IMPORT
// (200), BENCH_CONCURRENCY (4: registrations and cold reads at once), BENCH_POLL_MS (500: wait
// after a 304 before asking again), BENCH_SEE_TIMEOUT_S (1800), BENCH_REST_S (150: how long the
// network service's RSS is watched after the last import, for its lowest).
import { applyViewerPatch, decodeNetwork } from '@warmpath/domain';
import { generateExportRows } from '@warmpath/testing';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import pg from 'pg';
import { seedNetwork } from './api-bench/seed.mjs';
import { cpuMs, cpuWhenIdle, memoryMb, resetPeak } from './processes.mjs';
import { registerUser, startBenchStack } from './stack.mjs';
import {
  COMPACT_MEDIA_TYPE,
  coldResponse,
  createEmptyWorkspace,
  importNew,
  log,
  wireRead,
} from './workspace-bench/http.mjs';
import { addPeople } from './workspace-bench/member-import.mjs';
import { sampleOf } from './workspace-bench/people.mjs';

const env = (name, fallback) => Number(process.env[name] ?? fallback);
const SIZES = (process.env.BENCH_SCALE_SIZES ?? '10x100000x10,50x200000x50')
  .split(',')
  .filter(Boolean)
  .map((size) => {
    const [members, pooled, readers] = size.split('x').map(Number);
    if (!(members >= 2 && pooled > 0 && readers >= 1 && readers <= members))
      throw new Error(
        `BENCH_SCALE_SIZES: "${size}" is not members x pooled people x readers (readers ≤ members)`,
      );
    return { members, pooled, readers };
  });
const RUNS = env('BENCH_RUNS', 1);
const REST_S = env('BENCH_REST_S', 150);
const IMPORT_SIZE = env('BENCH_IMPORT', 200);
const IMPORT_MODE = process.env.BENCH_IMPORT_MODE ?? 'add';
if (!['add', 'export'].includes(IMPORT_MODE)) throw new Error('BENCH_IMPORT_MODE: add or export');
const READ = process.env.BENCH_READ ?? 'split';
if (!['split', 'snapshot'].includes(READ)) throw new Error('BENCH_READ: split or snapshot');
const CONCURRENCY = env('BENCH_CONCURRENCY', 4);
const POLL_MS = env('BENCH_POLL_MS', 500);
const SEE_TIMEOUT_MS = env('BENCH_SEE_TIMEOUT_S', 1800) * 1000;

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(1)} s` : '-');
const cpuS = (ms) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : '-');
const millis = (ms) => (Number.isFinite(ms) ? `${ms.toFixed(1)} ms` : '-');

/** Runs `task` over `items`, `limit` at a time; answers the results in order. */
async function pool(items, limit, task) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const median = (values) => percentile(values, 50);

/**
 * Members' network sizes: `members` of them, from 1.5× down to 0.5× the mean, together twice the
 * pooled people (each person is known to two members on average), as workspace.bench.mjs's 10
 * members of 30,000 down to 10,000 who pool ~100,000.
 */
const memberSizes = ({ members, pooled }) => {
  const mean = (2 * pooled) / members;
  return Array.from({ length: members }, (_, i) => Math.round(mean * (1.5 - i / Math.max(1, members - 1))));
};

/** The universe whose samples of these sizes pool `pooled` distinct people (expected). */
function universeFor(sizes, pooled) {
  const distinct = (universe) =>
    universe * (1 - sizes.reduce((left, size) => left * (1 - Math.min(size, 0.9 * universe) / universe), 1));
  let low = pooled;
  let high = pooled * 4;
  for (let i = 0; i < 40; i++) {
    const middle = (low + high) / 2;
    if (distinct(middle) < pooled) low = middle;
    else high = middle;
  }
  return Math.round(high);
}

/**
 * What a size needs, roughly, in GB: the network service (2.2 GB resident after 10 readers' cold
 * reads of 100,000 pooled people, its pools cache capped at 300,000 people), Redis holding one
 * compact snapshot per reader today (~21 bytes a person, brotli), this bench's universe
 * (docs/performance.md#workspace-scale-readers).
 */
const neededGb = ({ pooled, readers }) => 0.5 + pooled * 20e-6 + readers * pooled * 25e-9 + pooled * 1.5e-6;

const availableGb = () =>
  Number(/^MemAvailable:\s+(\d+) kB/m.exec(readFileSync('/proc/meminfo', 'utf8'))?.[1] ?? 0) / 1024 ** 2;

/**
 * The other members join as rows of teams.members, which is what accepting an invitation writes:
 * 2 requests per member through the API (and a member-joined event each) would make a 500-member
 * workspace slow to set up. No one has read the workspace yet, so no snapshot misses the events.
 */
async function addMembers(databaseUrl, teamId, userIds) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO teams.members (team_id, user_id, role) SELECT $1, unnest($2::int[]), 'member'`,
      [teamId, userIds],
    );
  } finally {
    await client.end();
  }
}

/** Everything up to the first read: users, workspace, networks. */
async function setUp(stack, size) {
  const base = stack.url;
  const members = await pool(
    Array.from({ length: size.members }, (_, i) => i),
    CONCURRENCY,
    (i) => registerUser(base, `s${i}`),
  );
  const teamId = await createEmptyWorkspace(base, members[0], 'Scale bench workspace');
  await addMembers(
    stack.env.DATABASE_URL,
    teamId,
    members.slice(1).map((member) => member.userId),
  );
  const sizes = memberSizes(size);
  const universe = [...generateExportRows(universeFor(sizes, size.pooled), { seed: 14 })];
  let records = 0;
  for (const [index, member] of members.entries()) {
    const people = sampleOf(universe, sizes[index], 100 + index);
    records += people.length;
    await seedNetwork(stack.env.DATABASE_URL, member.userId, people);
  }
  log(
    `workspace ${teamId}: ${size.members} members, ${records} connections from a universe of ${universe.length}`,
  );
  return { teamId, members, readers: members.slice(0, size.readers), records };
}

/**
 * A compact read of one route; `etag` makes it conditional. Answers status, time, bytes, body, and
 * whether the body was read. `claimed(etag)`: true when another reader has taken the body of that
 * ETag to read (every reader of a version gets the same base); this one then leaves the body
 * undecoded, as 200 readers' copies of a 10 MB base would take this one process minutes at once.
 */
async function readOne(url, reader, etag, claimed = () => false) {
  const started = performance.now();
  const response = await coldResponse(url, reader.cookie, {
    accept: COMPACT_MEDIA_TYPE,
    ...(etag ? { 'if-none-match': etag } : {}),
  });
  const skip = response.status === 304 || claimed(response.headers.get('etag'));
  if (skip && response.status !== 304) await response.body?.cancel();
  const body = skip ? '' : await response.text();
  return {
    status: response.status,
    ms: performance.now() - started,
    // fetch decodes brotli itself; the wire size is the Content-Length the gateway sent.
    wire: Number(response.headers.get('content-length')),
    etag: response.headers.get('etag') ?? etag,
    body,
    bodyRead: !skip,
  };
}

/**
 * A reader's read as BENCH_READ says: their snapshot, or the base and their patch at once (the
 * time of the slower; the wire bytes of both). `etag` is the last read's (`{base, patch}` for
 * split); the body that carries the people is the snapshot's or the base's.
 */
async function read(routes, reader, etag, claimed) {
  if (READ === 'snapshot') return readOne(routes.snapshot, reader, etag, claimed);
  const [base, patch] = await Promise.all([
    readOne(routes.base, reader, etag?.base, claimed),
    readOne(routes.patch, reader, etag?.patch),
  ]);
  return {
    status: base.status === 200 || patch.status === 200 ? 200 : base.status,
    ms: Math.max(base.ms, patch.ms),
    wire: (base.status === 200 ? base.wire : 0) + (patch.status === 200 ? patch.wire : 0),
    baseWire: base.wire,
    patchWire: patch.wire,
    etag: { base: base.etag, patch: patch.etag },
    body: base.body,
    bodyRead: base.bodyRead,
    patch: patch.body,
  };
}

/**
 * What the data worker does with a split read (one reader, in this process): decode the base, take
 * the reader's own records from their own network and apply the patch. Answers the time and the
 * reader's pooled people.
 */
async function assemble(stackUrl, reader, answer) {
  const own = await readOne(`${stackUrl}/api/network`, reader);
  const started = performance.now();
  const base = decodeNetwork(JSON.parse(answer.body));
  const records = decodeNetwork(JSON.parse(own.body)).connections.slice(1);
  const network = applyViewerPatch(base, records, JSON.parse(answer.patch).patch);
  return {
    ms: performance.now() - started,
    pooledPeople: network.connections.filter((c) => !c.isUser && !c.isTeammate).length,
  };
}

/** Every reader's first read; their ETags, the network service's CPU, one reader's answer. */
async function coldReads(routes, readers, pid) {
  const before = cpuMs(pid);
  const started = performance.now();
  // Only the first reader's bodies are kept: 200 readers' copies of a 500,000-person network
  // would not fit this process's memory.
  // When each reader had their first answer (base and patch both), from the start of the cold
  // reads, and the network service's CPU until the first one (steadier than the time on a busy machine).
  const answeredAt = [];
  let firstAnswerCpu = NaN;
  // Only the first reader decodes the base: every reader gets the same one, and 200 decodings of
  // a 10 MB base took this process ~1 s each, which the last reader's time counted as the server's.
  const reads = await pool(readers, CONCURRENCY, (reader, index) =>
    read(routes, reader, undefined, () => index > 0).then((answer) => {
      if (answeredAt.length === 0) firstAnswerCpu = cpuMs(pid) - before;
      answeredAt.push(performance.now() - started);
      return index === 0 ? answer : { ...answer, body: '', patch: '' };
    }),
  );
  const wall = performance.now() - started;
  const firstAnswer = Math.min(...answeredAt);
  log(
    `cold: first reader answered after ${seconds(firstAnswer)} (network CPU ${cpuS(firstAnswerCpu)} until then), last after ${seconds(wall)}`,
  );
  const cpu = cpuMs(pid) - before;
  const first = reads[0];
  const etags = reads.map((r) => r.etag);
  if (READ === 'snapshot') {
    const data = decodeNetwork(JSON.parse(first.body));
    const pooledPeople = data.connections.filter((c) => !c.isUser && !c.isTeammate).length;
    return { cpu, wall, firstAnswer, firstAnswerCpu, etags, wire: first.wire, pooledPeople };
  }
  const assembled = await assemble(routes.stack, readers[0], first);
  log(
    `split: base ${(first.baseWire / 1e6).toFixed(2)} MB, patch ${(first.patchWire / 1e6).toFixed(2)} MB, assembled in ${millis(assembled.ms)} (reader 1, this process)`,
  );
  return {
    cpu,
    wall,
    firstAnswer,
    firstAnswerCpu,
    etags,
    wire: first.wire,
    patchWire: first.patchWire,
    pooledPeople: assembled.pooledPeople,
    assembled,
  };
}

/**
 * Warm reads, one reader after another: conditional (304), full to the last byte on the wire (the
 * server's part: base and patch at once, the slower's time) and full as `fetch` gives it (with
 * this process's brotli decoding and text of the body); at least 60 of each.
 */
async function warmReads(routes, readers, etags) {
  const rounds = Math.max(1, Math.ceil(60 / readers.length));
  const notModified = [];
  const wire = [];
  const full = [];
  const statuses = new Set();
  const wrong = new Set();
  const compact = { accept: COMPACT_MEDIA_TYPE };
  for (let round = 0; round < rounds; round++) {
    for (const [index, reader] of readers.entries()) {
      const conditional = await read(routes, reader, etags[index]);
      statuses.add(conditional.status);
      notModified.push(conditional.ms);
      const urls = READ === 'snapshot' ? [routes.snapshot] : [routes.base, routes.patch];
      const raw = await Promise.all(urls.map((url) => wireRead(url, reader.cookie, compact)));
      for (const answer of raw) if (answer.status !== 200) wrong.add(answer.status);
      wire.push(Math.max(...raw.map((answer) => answer.ms)));
      const whole = await read(routes, reader);
      full.push(whole.ms);
    }
  }
  if (!statuses.has(304) || statuses.size > 1)
    log(`warm conditional reads answered ${[...statuses].join(', ')} (expected 304 only)`);
  if (wrong.size > 0) log(`warm full reads answered ${[...wrong].join(', ')} (expected 200 only)`);
  return {
    notModified: percentile(notModified, 95),
    wire: percentile(wire, 95),
    full: percentile(full, 95),
  };
}

/**
 * A member's import, then every reader asks with If-None-Match until the new people are in their
 * answer. Answers when the import completed and the last reader saw it (ms after the upload), and
 * the network service's CPU until it was idle again. Updates `etags`.
 */
async function memberImport(stack, routes, setup, etags, pid, run) {
  const importer = setup.members[1 + (run % (setup.members.length - 1))];
  const tag = `Scale${run}Z`;
  const marker = `"New${tag}"`;
  const before = cpuMs(pid);
  const started = performance.now();
  if (IMPORT_MODE === 'export') await importNew(stack.url, importer, IMPORT_SIZE, tag);
  else await addPeople(stack.env, importer, IMPORT_SIZE, tag);
  const completed = performance.now() - started;
  // Whether the body with an ETag (the base's, or the snapshot's) holds the new people: the first
  // reader answered that ETag reads the body and tells the others, who do not decode it.
  const bodies = new Map();
  const claimed = (etag) => {
    if (bodies.has(etag)) return true;
    let tell;
    bodies.set(etag, { holds: new Promise((resolve) => (tell = resolve)), tell });
    return false;
  };
  const seenAt = await Promise.all(
    setup.readers.map(async (reader, index) => {
      for (;;) {
        const answer = await read(routes, reader, etags[index], claimed);
        const answeredAt = performance.now() - started;
        etags[index] = answer.etag;
        const body = bodies.get(READ === 'split' ? answer.etag.base : answer.etag);
        if (answer.bodyRead) body?.tell(answer.body.includes(marker));
        if (answer.status === 200 && body && (await body.holds)) return answeredAt;
        if (performance.now() - started > SEE_TIMEOUT_MS) return NaN;
        await sleep(POLL_MS);
      }
    }),
  );
  const cpuSeen = cpuMs(pid) - before;
  const cpu = (await cpuWhenIdle(pid)) - before;
  const lastSeen = Math.max(...seenAt);
  log(
    `import ${run + 1}: completed ${seconds(completed)}, last reader ${seconds(lastSeen)}, network CPU ${cpuS(cpuSeen)} until then, ${cpuS(cpu)} until idle`,
  );
  return { completed, lastSeen, cpu };
}

async function measure(size) {
  const loadBefore = loadavg()[0].toFixed(1);
  const stack = await startBenchStack({
    label: 'scale',
    log,
    env: {
      // Many registrations: the password hash's cost is not what this bench measures.
      SCRYPT_LOG_N: '12',
      // ...all from one address, over the per-address sign-up limit.
      REGISTER_MAX_PER_CLIENT: String(Math.max(1000, size.members * 2)),
    },
  });
  try {
    const base = stack.url;
    const pid = stack.pids().network;
    const setup = await setUp(stack, size);
    const url = `${base}/api/teams/${setup.teamId}/network`;
    const routes = { stack: base, snapshot: url, base: `${url}/base`, patch: `${url}/patch` };
    resetPeak(pid);
    log(`cold reads by ${setup.readers.length} readers (load ${load()})`);
    const cold = await coldReads(routes, setup.readers, pid);
    log(`cold: ${cpuS(cold.cpu)} CPU, ${seconds(cold.wall)}, ${cold.pooledPeople} pooled people`);
    const warm = await warmReads(routes, setup.readers, cold.etags);
    const imports = [];
    for (let run = 0; run < RUNS; run++)
      imports.push(await memberImport(stack, routes, setup, cold.etags, pid, run));
    const memory = memoryMb(pid);
    return {
      size,
      setup,
      cold,
      warm,
      imports,
      memory: { ...memory, rest: await restingRss(pid, memory.rss) },
      loadBefore,
      loadAfter: loadavg()[0].toFixed(1),
    };
  } finally {
    await stack.stop();
  }
}

/**
 * The network service's lowest RSS in the REST_S seconds after the last import, nothing asked of
 * it: right after a build its heap still holds the build's garbage (the base's columns and text,
 * ~250 MB at 500,000 people) and a grown young generation until V8's memory reducer collects them,
 * about a minute or two later (docs/performance.md "The network service's memory at rest").
 */
async function restingRss(pid, rss) {
  let lowest = rss;
  for (let waited = 0; waited < REST_S * 1000; waited += 5000) {
    await new Promise((resolve) => setTimeout(resolve, 5000));
    lowest = Math.min(lowest, memoryMb(pid).rss);
  }
  return lowest;
}

/** "median (min-max)" of the runs, or the one figure. */
const spread = (values, format) => {
  if (values.length === 1) return format(values[0]);
  const finite = values.filter(Number.isFinite);
  return `${format(median(values))} (${format(Math.min(...finite))}-${format(Math.max(...finite))})`;
};

function row(result) {
  const { size } = result;
  const label = `${size.members} × ${size.pooled.toLocaleString('en')} × ${size.readers}`;
  if (result.skipped) return `| ${label} | skipped: ${result.skipped} | | | | | | | |`;
  if (result.error) return `| ${label} | failed: ${result.error} | | | | | | | |`;
  const { cold, warm, imports, memory } = result;
  const importCpu = imports.map((i) => i.cpu);
  return [
    label,
    cold.pooledPeople.toLocaleString('en'),
    `${cpuS(cold.cpu)} · ${cpuS(cold.cpu / size.readers)} (first reader answered ${seconds(cold.firstAnswer)}, ${cpuS(cold.firstAnswerCpu)} CPU until then; last ${seconds(cold.wall)})`,
    `${spread(importCpu, cpuS)} · ${spread(
      importCpu.map((c) => c / size.readers),
      cpuS,
    )}`,
    `${spread(
      imports.map((i) => i.lastSeen),
      seconds,
    )} (completed ${spread(
      imports.map((i) => i.completed),
      seconds,
    )})`,
    `${millis(warm.notModified)} · ${millis(warm.wire)} (${millis(warm.full)} decoded)`,
    `${Math.round(memory.rss)} MB (peak ${Math.round(memory.peak)}; at rest ${Math.round(memory.rest)})`,
    READ === 'snapshot'
      ? `${(cold.wire / 1e6).toFixed(2)} MB`
      : `${(cold.wire / 1e6).toFixed(2)} MB (patch ${(cold.patchWire / 1e6).toFixed(2)} MB; assembled in ${millis(cold.assembled.ms)})`,
    `${result.loadBefore} → ${result.loadAfter}`,
  ]
    .join(' | ')
    .replace(/^/, '| ')
    .concat(' |');
}

async function main() {
  const loadAtStart = load();
  const results = [];
  for (const size of SIZES) {
    const needs = neededGb(size);
    const available = availableGb();
    if (needs > available) {
      results.push({ size, skipped: `needs ~${needs.toFixed(0)} GB (${available.toFixed(1)} GB available)` });
      log(`${size.members}x${size.pooled}x${size.readers}: skipped, needs ~${needs.toFixed(1)} GB`);
      continue;
    }
    log(`${size.members}x${size.pooled}x${size.readers}: starting (load ${load()})`);
    const result = await measure(size).catch((error) => {
      log(error.stack);
      return { size, error: String(error.message).split('\n')[0].slice(0, 200) };
    });
    // Each row as soon as its size is done: a long run stopped later keeps what it measured.
    log(row(result));
    results.push(result);
  }
  const lines = [
    `Warmpath workspace scale benchmark — ${new Date().toISOString()} — Node ${process.version}`,
    `reads: ${READ === 'split' ? 'base + patch (GET /api/teams/{id}/network/base and /patch), as the web app' : 'per-viewer snapshots (GET /api/teams/{id}/network)'}`,
    `load average (1, 5, 15 min) at start ${loadAtStart}, at end ${load()}; ${RUNS} member's import(s) of ${IMPORT_SIZE} people per size (${IMPORT_MODE === 'add' ? 'added to their network' : 'as a whole export, through the API'})`,
    '',
    '| members × pooled people × readers | pooled people | cold: network CPU, total · per reader (first and last reader’s first answer) | network CPU per member import, total · per reader | last reader sees the import | warm read p95, 304 · full to the last byte (decoded by fetch) | network RSS at the end (peak; lowest in the next BENCH_REST_S) | one reader’s read, brotli (split: base + patch) | load avg (1 min) before → after |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|',
    ...results.map(row),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

await main();
