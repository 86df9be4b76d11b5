// npm run bench:workspace — pooled workspace networks at team scale (docs/workspace-network.md).
// Prints numbers; asserts nothing.
//
// Starts the whole stack on its own database and key prefixes, registers BENCH_MEMBERS members
// (10) who share one workspace, and seeds each with 10,000 to 30,000 connections drawn from one
// universe of BENCH_UNIVERSE people (120,000), so they overlap heavily (~100,000 distinct people
// pooled). Beside the same figures for one user's own 30,000-person network it prints: the pooled
// snapshot's build time, bytes on the wire, GET p50/p95 at a fixed rate (cached, and right after a
// member's import), how long a member's import takes to show in the pooled graph, and warm path
// p95. Load comes from autocannon in a child process (api-bench/load.mjs). Then, in headless Debian
// chromium, the owner opens the workspace screen, what it reads already made (the base, the patch,
// the owner's own network in the compact form: the first load as the others): first picture
// (navigation to the first frame of the pooled graph) and the app's longest main-thread task, with
// the compact encoding the data worker asks for and, for comparison, with the plain JSON
// (workspace-bench/first-picture.mjs).
// Knobs: BENCH_MEMBERS, BENCH_UNIVERSE, BENCH_RATE (10/s), BENCH_PATH_RATE (50/s), BENCH_DURATION (20),
// BENCH_WARMUP (5), BENCH_LOAD (1; 0 skips the load runs and the member's import), BENCH_BROWSER (1;
// 0 skips the browser), BENCH_BROWSER_JSON (1; 0 opens the screen with the compact encoding only),
// BENCH_BROWSER_RUNS (1: how many times the screen is opened with the compact encoding; from 2, also
// their median and min-max), BENCH_BROWSER_ROUTE (0; 1 follows each run with one that reads the
// per-viewer route instead of base + patch, the app before them), BENCH_WEB_BEFORE (a folder with
// another build of the web app, e.g. a copy of web/dist made before a change: each run of the app
// is followed by one of that build, served by the same gateway, for a before/after in one sitting).
import { decodeNetwork } from '@warmpath/domain';
import { generateExportRows } from '@warmpath/testing';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../../scripts/lib/infra.mjs';
import { seedNetwork } from './api-bench/seed.mjs';
import { cpuWhenIdle } from './processes.mjs';
import { registerUser, startBenchStack } from './stack.mjs';
import { measureFirstPicture } from './workspace-bench/first-picture.mjs';
import { phaseLines } from './workspace-bench/phases.mjs';
import { COMPACT_MEDIA_TYPE, call, coldResponse, importNew, log } from './workspace-bench/http.mjs';
import { sampleOf } from './workspace-bench/people.mjs';
import { seedWorkspace } from './workspace-bench/seed-workspace.mjs';

const env = (name, fallback) => Number(process.env[name] ?? fallback);
const MEMBERS = env('BENCH_MEMBERS', 10);
const UNIVERSE = env('BENCH_UNIVERSE', 120_000);
const RATE = env('BENCH_RATE', 10);
const PATH_RATE = env('BENCH_PATH_RATE', 50);
const DURATION = env('BENCH_DURATION', 20);
const WARMUP = env('BENCH_WARMUP', 5);
const LOAD = env('BENCH_LOAD', 1) !== 0;
const BROWSER = env('BENCH_BROWSER', 1) !== 0;
const BROWSER_JSON = env('BENCH_BROWSER_JSON', 1) !== 0;
const BROWSER_RUNS = env('BENCH_BROWSER_RUNS', 1);
const BROWSER_ROUTE = env('BENCH_BROWSER_ROUTE', 0) !== 0;
const WEB_BEFORE = process.env.BENCH_WEB_BEFORE ?? '';

/**
 * With BENCH_WEB_BEFORE, the gateway serves the web app from a link this bench points at one
 * build or the other between page loads (it looks files up per request): answers the WEB_DIST to
 * start the stack with and the function that switches builds.
 */
function switchableWebDist() {
  if (!WEB_BEFORE) return { env: {}, serve: () => undefined, cleanUp: () => undefined };
  const dir = mkdtempSync(join(tmpdir(), 'warmpath-web-'));
  const link = join(dir, 'web');
  const serve = (build) => {
    rmSync(link, { force: true });
    symlinkSync(build === 'before' ? WEB_BEFORE : join(ROOT, 'web/dist'), link);
  };
  serve('after');
  return { env: { WEB_DIST: link }, serve, cleanUp: () => rmSync(dir, { recursive: true, force: true }) };
}

const ms = (value) => (Number.isFinite(value) ? value.toFixed(1) : '-');
const mb = (bytes) => `${(bytes / 1e6).toFixed(2)} MB`;

/** A cold read: the snapshot is built; answers the time, the brotli bytes and the decoded JSON. */
async function coldRead(url, cookie) {
  const started = performance.now();
  // On a busy machine a cold build can outlast the gateway's 30 s wait (503); it goes on, so ask again.
  let response;
  for (let attempt = 1; !response; attempt++) {
    response = await call(url, cookie, { headers: { 'accept-encoding': 'br' } }).catch((error) => {
      if (attempt >= 5 || !/answered 50[34]/.test(error.message)) throw error;
      log(`cold read of ${url} not ready yet (${error.message.slice(0, 60)}), asking again`);
    });
  }
  const body = Buffer.from(await response.arrayBuffer());
  const elapsed = performance.now() - started;
  // fetch decodes brotli itself; the wire size is the Content-Length the gateway sent.
  const wire = Number(response.headers.get('content-length'));
  const gzip = await call(url, cookie, { headers: { 'accept-encoding': 'gzip' } });
  await gzip.arrayBuffer();
  // The compact representation the web data worker asks for (docs/network-api.md).
  const compactHeaders = { accept: COMPACT_MEDIA_TYPE };
  const compact = await call(url, cookie, { headers: { ...compactHeaders, 'accept-encoding': 'br' } });
  const compactBody = Buffer.from(await compact.arrayBuffer());
  const compactGzip = await call(url, cookie, { headers: { ...compactHeaders, 'accept-encoding': 'gzip' } });
  // Read to the end, so that no answer is still being sent when the next step starts.
  await compactGzip.arrayBuffer();
  return {
    elapsed,
    wire,
    gzipWire: Number(gzip.headers.get('content-length')),
    compactWire: Number(compact.headers.get('content-length')),
    compactGzipWire: Number(compactGzip.headers.get('content-length')),
    compactIdentity: compactBody.length,
    identity: body.length,
    data: JSON.parse(body.toString('utf8')),
    etag: response.headers.get('etag'),
  };
}

function load(options) {
  const script = join(ROOT, 'bench/src/api-bench/load.mjs');
  const input = JSON.stringify({ warmup: WARMUP, duration: DURATION, connections: 50, ...options });
  const result = spawnSync(process.execPath, [script], { input, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (result.status !== 0) throw new Error(`load run failed: ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').pop());
}

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** The services this process started: pid by name. */
function services() {
  const listing = spawnSync('ps', ['--ppid', String(process.pid), '-o', 'pid=,args='], {
    encoding: 'utf8',
  }).stdout;
  const pids = {};
  for (const line of listing.trim().split('\n')) {
    const [pid, ...args] = line.trim().split(/\s+/);
    const name = /services\/([a-z-]+)\/dist/.exec(args.join(' '))?.[1];
    if (name) pids[name] = pid;
  }
  return pids;
}

/**
 * CPU ms used so far by the network service and the gateway: what a scenario costs them, whatever
 * else the machine runs (wall times on a shared machine mostly measure the wait for a CPU).
 */
function serviceCpu() {
  const usage = {};
  for (const [name, pid] of Object.entries(services())) {
    if (name !== 'network' && name !== 'gateway') continue;
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      usage[name] = ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
    } catch {
      // ended meanwhile
    }
  }
  return usage;
}

const cpuSince = (before) => {
  const after = serviceCpu();
  return Object.fromEntries(Object.keys(after).map((k) => [k, after[k] - (before[k] ?? 0)]));
};

/** RSS (MB) of each service this process started, by name. */
function serviceRss() {
  const listing = spawnSync('ps', ['--ppid', String(process.pid), '-o', 'pid=,args='], {
    encoding: 'utf8',
  }).stdout;
  const rss = {};
  for (const line of listing.trim().split('\n')) {
    const [pid, ...args] = line.trim().split(/\s+/);
    const name = /services\/([a-z-]+)\/dist/.exec(args.join(' '))?.[1];
    if (!name) continue;
    try {
      const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
      rss[name] = Math.round(Number(kb) / 1024);
    } catch {
      // ended meanwhile
    }
  }
  return rss;
}

/**
 * Polls the pooled network as the app reads it (the compact form, decoded by the app's own
 * decoder) until someone called `firstName` is in it. Decoding the plain JSON at team scale cost
 * this bench seconds per poll, which counted as the server's delay
 * (docs/performance.md#figures-behind-choices-in-the-code).
 */
async function timeToShow(url, cookie, firstName, since) {
  for (;;) {
    const response = await coldResponse(url, cookie, { accept: COMPACT_MEDIA_TYPE });
    const data = decodeNetwork(await response.json());
    if (data.connections.some((c) => c.firstName === firstName)) return performance.now() - since;
  }
}

async function main() {
  const web = switchableWebDist();
  const stack = await startBenchStack({
    label: 'workspace',
    log,
    env: {
      // Eleven registrations: the password hash's cost is not what this bench measures.
      SCRYPT_LOG_N: '12',
      // ...all from one address, over the per-address sign-up limit.
      REGISTER_MAX_PER_CLIENT: '1000',
      ...web.env,
    },
  });
  const stackEnv = stack.env;
  try {
    const base = stack.url;
    const universe = [...generateExportRows(UNIVERSE, { seed: 14 })];
    const { members, owner, teamId, records } = await seedWorkspace({
      baseUrl: base,
      databaseUrl: stackEnv.DATABASE_URL,
      members: MEMBERS,
      universe,
    });
    const solo = await registerUser(base, 'solo');
    const soloSeed = await seedNetwork(stackEnv.DATABASE_URL, solo.userId, sampleOf(universe, 30_000, 99));
    log(`workspace ${teamId}: ${MEMBERS} members, ${records} connections seeded; solo user 30,000`);

    const soloUrl = `${base}/api/network`;
    const teamUrl = `${base}/api/teams/${teamId}/network`;
    let cpuBefore = serviceCpu();
    const soloCold = await coldRead(soloUrl, solo.cookie);
    soloCold.cpu = cpuSince(cpuBefore);
    cpuBefore = serviceCpu();
    const teamCold = await coldRead(teamUrl, owner.cookie);
    teamCold.cpu = cpuSince(cpuBefore);
    const pooledPeople = teamCold.data.connections.filter((c) => !c.isUser && !c.isTeammate);
    // The base, the owner's patch and the owner's own network in the compact form, which the app
    // reads: made now, so that the browser's first load finds them made as every later load does
    // (it waited for them otherwise).
    for (const [url, headers] of [
      [`${teamUrl}/base`, { accept: COMPACT_MEDIA_TYPE }],
      [`${teamUrl}/patch`, {}],
      [`${base}/api/network`, { accept: COMPACT_MEDIA_TYPE }],
    ])
      await (await coldResponse(url, owner.cookie, headers)).arrayBuffer();
    await cpuWhenIdle(services().network);
    const rssAfterBuild = serviceRss();
    log(
      `pooled: ${pooledPeople.length} people, cold ${ms(teamCold.elapsed)} ms, ${mb(teamCold.wire)} brotli`,
    );

    const rows = [];
    const browserRuns = [];
    if (BROWSER) {
      // The owner's workspace screen: the pooled graph drawn from the compact answer (the app), then
      // from the plain JSON (the app before it). Before the load runs, on a quiet stack.
      // BENCH_BROWSER_ROUTE=1: each run of the app is followed by one that reads the per-viewer
      // route (the base and patch routes answered 404), for a before/after in one sitting.
      const variants = Array.from({ length: BROWSER_RUNS }, (_, i) => {
        const run = BROWSER_RUNS > 1 ? `, run ${i + 1}` : '';
        return [
          [`compact (the app)${run}`, undefined, true, 'after'],
          ...(WEB_BEFORE ? [[`compact, the build before${run}`, undefined, true, 'before']] : []),
          ...(BROWSER_ROUTE ? [[`compact, per-viewer route${run}`, undefined, false, 'after']] : []),
        ];
      }).flat();
      if (BROWSER_JSON) variants.push(['JSON, per-viewer route', 'application/json', false, 'after']);
      for (const [name, accept, split, build] of variants) {
        web.serve(build);
        log(`opening the workspace screen in chromium, ${name}...`);
        const before = serviceCpu();
        const run = await measureFirstPicture({
          baseUrl: base,
          cookie: owner.cookie,
          path: `/workspaces/${teamId}`,
          // The graph drawn with the whole pooled network (the data worker hands it over at once).
          nodes: Math.floor(teamCold.data.connections.length / 2),
          accept,
          split,
        }).catch((error) => ({ error: String(error) }));
        if (run.reads)
          log(
            `${name}: ${run.reads.map((r) => `${r.path} read at ${ms(r.atMs)} ms${r.applyMs != null ? `, applied in ${ms(r.applyMs)} ms` : ''}${r.fallback ? ` (fallback: ${r.fallback})` : ''}`).join('; ')}`,
          );
        if (run.phases)
          log(
            [
              `${name}: first picture ${ms(run.firstPictureMs)} ms, antd styles generated in the page ${run.antdStylesGenerated}, CSS-variable elements antd inserted ${run.cssVariableInserts}; before it:`,
              ...phaseLines(run.phases),
            ].join('\n'),
          );
        browserRuns.push({ name, ...run, serverCpu: cpuSince(before), load: loadavg()[0] });
      }
    }
    const run = (name, target, options) => {
      log(`running ${name}...`);
      const before = serviceCpu();
      const result = load(options);
      const used = cpuSince(before);
      // Per request over warm-up and measured run alike (both send the same requests).
      const warmup = options.warmup ?? WARMUP;
      const sent = result.requests * ((DURATION + warmup) / DURATION);
      const cpu = Object.fromEntries(Object.entries(used).map(([k, v]) => [k, v / sent]));
      rows.push({ name, target, ...result, cpu, load: loadavg()[0] });
      // As it comes, so a run that fails later still leaves its figures.
      log(`${name}: ${JSON.stringify({ ...result, cpu, load: loadavg()[0] })}`);
    };
    let imported = NaN;
    let reflected = NaN;
    let reflectedCpu = {};
    if (LOAD) {
      run(`GET /api/network (solo 30k), br @${RATE}/s`, 'comparison', {
        url: soloUrl,
        headers: { cookie: solo.cookie, 'accept-encoding': 'br' },
        rate: RATE,
      });
      run(`GET /api/teams/{id}/network (pooled), br @${RATE}/s`, 'p95 ≤ 100 ms', {
        url: teamUrl,
        headers: { cookie: owner.cookie, 'accept-encoding': 'br' },
        rate: RATE,
      });
      // The same reads as the web app makes them (the compact form), with a client whose HTTP
      // parser is native, so that the latency is the server's and not autocannon's.
      const compact = { accept: COMPACT_MEDIA_TYPE, 'accept-encoding': 'br' };
      run(`GET /api/network (solo 30k), compact br, Node http @${RATE}/s`, 'comparison', {
        url: soloUrl,
        headers: { cookie: solo.cookie, ...compact },
        rate: RATE,
        client: 'node',
      });
      run(`GET /api/teams/{id}/network (pooled), compact br, Node http @${RATE}/s`, 'p95 ≤ 100 ms', {
        url: teamUrl,
        headers: { cookie: owner.cookie, ...compact },
        rate: RATE,
        client: 'node',
      });
      run(`GET /api/teams/{id}/network (pooled), JSON br, Node http @${RATE}/s`, 'comparison', {
        url: teamUrl,
        headers: { cookie: owner.cookie, 'accept-encoding': 'br' },
        rate: RATE,
        client: 'node',
      });
      const soloPaths = soloSeed.ids.map((id) => `/api/network/paths?to=${id}`);
      run(`GET /api/network/paths (solo 30k), random @${PATH_RATE}/s`, 'comparison', {
        url: `${base}/api/network/paths`,
        headers: { cookie: solo.cookie },
        paths: soloPaths,
        rate: PATH_RATE,
      });
      const teamPaths = pooledPeople.map((c) => `/api/network/paths?to=${c.id}&workspaceId=${teamId}`);
      run(`GET /api/network/paths?workspaceId (pooled), random @${PATH_RATE}/s`, 'p95 ≤ 100 ms', {
        url: `${base}/api/network/paths`,
        headers: { cookie: owner.cookie },
        paths: teamPaths,
        rate: PATH_RATE,
      });
      run(`GET /api/network/paths?workspaceId (pooled), random, Node http @${PATH_RATE}/s`, 'p95 ≤ 100 ms', {
        url: `${base}/api/network/paths`,
        headers: { cookie: owner.cookie },
        paths: teamPaths,
        rate: PATH_RATE,
        client: 'node',
      });

      // A member's import: how long until the owner's pooled graph shows it (the events rebuild it).
      const importCpu = serviceCpu();
      const started = performance.now();
      // CLOCK_MONOTONIC in µs, the clock of V8's CPU profiles: a WARMPATH_CPU_PROF=network profile
      // can be cut to this window.
      const windowFrom = process.hrtime.bigint() / 1000n;
      await importNew(base, members[1], 200, 'a');
      imported = performance.now() - started;
      reflected = await timeToShow(teamUrl, owner.cookie, 'Newa', started);
      reflectedCpu = cpuSince(importCpu);
      console.log(
        `bench:workspace: member's import window (monotonic µs) ${windowFrom}-${process.hrtime.bigint() / 1000n}`,
      );
      // Reads right after another import: the first ones wait for the rebuild.
      await importNew(base, members[2], 200, 'b');
      run(`GET /api/teams/{id}/network right after a member's import @${RATE}/s`, 'p95 ≤ 100 ms (cached)', {
        url: teamUrl,
        headers: { cookie: owner.cookie, 'accept-encoding': 'br' },
        rate: RATE,
        warmup: 0,
      });
    }
    printReport(rows, browserRuns, {
      soloCold,
      teamCold,
      pooledPeople: pooledPeople.length,
      records,
      imported,
      reflected,
      reflectedCpu,
      rssAfterBuild,
      rss: serviceRss(),
    });
  } finally {
    await stack.stop();
    web.cleanUp();
  }
}

const cpuMs = (cpu, digits = 0) =>
  `${(cpu.network ?? NaN).toFixed(digits)} · ${(cpu.gateway ?? NaN).toFixed(digits)} ms`;

const browserRow = (run) =>
  run.error
    ? `| ${run.name} | failed: ${run.error.split('\n')[0]} | | | | | |`
    : `| ${run.name} | ${ms(run.firstPictureMs)} ms | ${ms(run.cpu.longestCpuMs)} ms (${ms(run.cpu.longestWallMs)} ms wall) | ${run.cpu.count} · ${ms(run.cpu.totalCpuMs)} ms | ${ms(run.longestWallTaskMs)} ms | ${run.answers.map((a) => `${a.path} ${a.status} ${a.encoding ?? ''} ${Number.isFinite(a.bytes) ? mb(a.bytes) : ''}`).join(', ') || 'not seen'} | ${cpuMs(run.serverCpu)} · ${run.load.toFixed(1)} |`;

/** Median (min-max) of numbers, formatted by `format`; '-' for none. */
function spread(values, format) {
  if (values.length === 0) return '-';
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  const median = sorted.length % 2 ? sorted[Math.floor(middle)] : (sorted[middle - 1] + sorted[middle]) / 2;
  return `${format(median)} (${format(sorted[0])}-${format(sorted[sorted.length - 1])})`;
}

/** The compact-encoding runs together: first picture, longest task, tasks over 50 ms, load. */
function summaryOfRuns(runs, label = 'with the compact encoding') {
  if (runs.length < 2) return [];
  const of = (pick) => runs.map(pick);
  return [
    '',
    `Over ${runs.length} loads ${label}, median (min-max): first picture ${spread(
      of((run) => run.firstPictureMs / 1000),
      (s) => `${s.toFixed(2)} s`,
    )}; longest app task ${spread(
      of((run) => run.cpu.longestCpuMs),
      (v) => `${v.toFixed(0)} ms`,
    )} of CPU; app tasks over 50 ms ${spread(
      of((run) => run.cpu.count),
      (v) => `${v}`,
    )}; runs with none over 50 ms: ${runs.filter((run) => run.cpu.count === 0).length} of ${
      runs.length
    }; load average ${spread(
      of((run) => run.load),
      (v) => v.toFixed(1),
    )}`,
  ];
}

function printReport(rows, browserRuns, figures) {
  const { soloCold, teamCold } = figures;
  const lines = [
    `Warmpath workspace benchmark — ${new Date().toISOString()} — Node ${process.version}, load avg ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
    `${MEMBERS} members, ${figures.records} connections from a universe of ${UNIVERSE}: ${figures.pooledPeople} pooled people; autocannon (Node http where the row says so), warm-up ${WARMUP} s, measured ${DURATION} s`,
    '',
    '| figure | solo user, 30,000 | pooled workspace |',
    '|---|---:|---:|',
    `| snapshot build + first read (cold) | ${ms(soloCold.elapsed)} ms | ${ms(teamCold.elapsed)} ms |`,
    `| CPU of that, network service · gateway | ${cpuMs(soloCold.cpu)} | ${cpuMs(teamCold.cpu)} |`,
    `| bytes on the wire, brotli | ${mb(soloCold.wire)} | ${mb(teamCold.wire)} |`,
    `| bytes on the wire, gzip | ${mb(soloCold.gzipWire)} | ${mb(teamCold.gzipWire)} |`,
    `| JSON decoded | ${mb(soloCold.identity)} | ${mb(teamCold.identity)} |`,
    `| compact, bytes on the wire brotli (what the web app reads) | ${mb(soloCold.compactWire)} | ${mb(teamCold.compactWire)} |`,
    `| compact, bytes on the wire gzip | ${mb(soloCold.compactGzipWire)} | ${mb(teamCold.compactGzipWire)} |`,
    `| compact decompressed | ${mb(soloCold.compactIdentity)} | ${mb(teamCold.compactIdentity)} |`,
    `| connections · relationships | ${soloCold.data.connections.length} · ${soloCold.data.relationships.length} | ${teamCold.data.connections.length} · ${teamCold.data.relationships.length} |`,
    '',
    '| scenario | target | req/s | p50 ms | p95 ms | p99 ms | max ms | errors | non-2xx | CPU ms/req network · gateway | load avg |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---|---:|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.target} | ${r.requestsPerSecond.toFixed(1)} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${ms(r.max)} | ${r.errors} | ${r.non2xx} | ${cpuMs(r.cpu, 2)} | ${r.load.toFixed(1)} |`,
    ),
    '',
    `a member's import of 200 people: answered in ${ms(figures.imported)} ms, in the pooled graph ${ms(figures.reflected)} ms after it was sent (target ≤ 5 s), network service CPU meanwhile ${cpuMs(figures.reflectedCpu)}`,
    `service memory (RSS MB) after the pooled build: ${JSON.stringify(figures.rssAfterBuild)}; at the end: ${JSON.stringify(figures.rss)}`,
    '',
    'Workspace screen of the pooled network in headless chromium (first picture: navigation to the first frame of the whole graph; tasks: main-thread tasks of the app over 50 ms of CPU, until 3 s after the first picture):',
    '',
    '| data worker reads | first picture | longest app task, CPU | app tasks > 50 ms CPU · total | longest long task (wall, PerformanceObserver) | network answer | CPU network · gateway, load avg |',
    '|---|---:|---:|---:|---:|---|---|',
    ...(browserRuns.length ? browserRuns.map(browserRow) : ['| (BENCH_BROWSER=0) | | | | | | |']),
    ...summaryOfRuns(
      browserRuns.filter((run) => !run.error && run.name.startsWith('compact (the app)')),
      'of the app (base + patch)',
    ),
    ...summaryOfRuns(
      browserRuns.filter((run) => !run.error && run.name.startsWith('compact, per-viewer route')),
      'reading the per-viewer route (the compact encoding, before base + patch)',
    ),
    ...summaryOfRuns(
      browserRuns.filter((run) => !run.error && run.name.startsWith('compact, the build before')),
      'of the build before (BENCH_WEB_BEFORE)',
    ),
    ...browserRuns.flatMap((run) =>
      (run.cpu?.tasks ?? []).map(
        (task) =>
          `${run.name}: a task of ${ms(task.cpuMs)} ms of CPU (${ms(task.wallMs)} ms wall): ${task.parts.join(', ') || 'no event inside it'}`,
      ),
    ),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

await main();
