// npm run bench:api — the read side of the network API under load (docs/network-api.md). Prints
// numbers; asserts nothing.
//
// Starts the whole stack on its own database and key prefixes, seeds a 5,000-connection and a
// 30,000-connection network, then drives it at fixed offered rates (warm-up discarded):
//   - GET /api/network (5,000 people, brotli, the browser's case) and its 304 revalidation;
//   - GET /api/network/paths to random people of the 30,000-person network;
//   - the same /api/network bytes from a bare Fastify route: the ceiling the gateway is compared with.
// Load generators: wrk (Debian's `wrk` package; api-bench/paced.lua holds the rate) for the
// figures that count, and autocannon at the same rates for comparison: it needs many times
// wrk's CPU per answer, so on a small machine it saturates before the stack
// (docs/performance.md#figures-behind-choices-in-the-code). Without wrk the bench warns and runs
// autocannon only. The load generator runs pinned to the last CPU, the stack on the others
// (BENCH_PIN=none to share every CPU). Knobs: BENCH_RATE, BENCH_PATH_RATE, BENCH_DURATION,
// BENCH_WARMUP, BENCH_AUTOCANNON=0 (wrk only), BENCH_SIGNALS=0 (no archive signals).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../../scripts/lib/infra.mjs';
import { freePort } from '../../scripts/lib/stack.mjs';
import { makePeople, seedNetwork, seedSignals } from './api-bench/seed.mjs';
import { measureWithWrk, WRK_INSTALL_HINT, wrkAvailable } from './api-bench/wrk.mjs';
import { registerUser, startBenchStack } from './stack.mjs';

const env = (name, fallback) => Number(process.env[name] ?? fallback);
const RATE = env('BENCH_RATE', 500);
const PATH_RATE = env('BENCH_PATH_RATE', 50);
const AUTOCANNON = process.env.BENCH_AUTOCANNON !== '0';
const WRK = wrkAvailable();
const DURATION = env('BENCH_DURATION', 20);
// Archive signals on 30% of the seeded people (docs/warmth.md); BENCH_SIGNALS=0 leaves them out.
const SIGNALS = process.env.BENCH_SIGNALS !== '0';
const WARMUP = env('BENCH_WARMUP', 5);
// Inside the pinned re-run availableParallelism() sees only the stack's CPUs: keep the real count.
const CPUS = Number(process.env.BENCH_CPUS ?? availableParallelism());
const PIN =
  process.env.BENCH_PIN !== 'none' && CPUS >= 2 && spawnSync('sh', ['-c', 'command -v taskset']).status === 0;
const STACK_CPUS = `0-${CPUS - 2}`;
const LOAD_CPU = String(CPUS - 1);

// Everything this process starts (infrastructure, services, the bare server) inherits its CPU set.
if (PIN && !process.env.BENCH_PINNED) {
  const child = spawnSync('taskset', ['-c', STACK_CPUS, process.execPath, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_PINNED: '1', BENCH_CPUS: String(CPUS) },
  });
  process.exit(child.status ?? 1);
}

/**
 * autocannon is closed-loop per connection: at most one request in flight on each. With one
 * connection per request per second, the fixed rate holds (an open model) as long as responses
 * take under a second; past that the req/s column falls short of the target instead of queueing.
 */
const openConnections = (rate) => Math.max(50, rate);
/** wrk's paced connections only need to cover the requests in flight: rate × the slowest answer. */
const wrkConnections = (rate) => Math.max(20, Math.ceil(rate / 5));

const log = (message) => process.stderr.write(`[bench] ${message}\n`);
const ms = (value) => (Number.isFinite(value) ? value.toFixed(1) : '-');

/** Runs autocannon in a child process on the load CPU and answers its results. */
function autocannonLoad(options) {
  const script = join(ROOT, 'bench/src/api-bench/load.mjs');
  // Options go through stdin: 30,000 request paths are over the kernel's limit for one argument.
  const input = JSON.stringify({ warmup: WARMUP, duration: DURATION, ...options });
  const [command, argv] = PIN
    ? ['taskset', ['-c', LOAD_CPU, process.execPath, script]]
    : [process.execPath, [script]];
  const result = spawnSync(command, argv, { input, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`load run failed: ${result.error?.message ?? result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').pop());
}

/** CPU milliseconds used so far by each process this one started (services, bare server), by name. */
function childCpu() {
  const listing = spawnSync('ps', ['--ppid', String(process.pid), '-o', 'pid=,args='], {
    encoding: 'utf8',
  }).stdout;
  const usage = {};
  for (const line of listing.trim().split('\n')) {
    const [pid, ...args] = line.trim().split(/\s+/);
    const name =
      /services\/([a-z-]+)\/dist/.exec(args.join(' '))?.[1] ??
      (args.join(' ').includes('bare-server') ? 'bare' : null);
    if (!name) continue;
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      usage[name] = ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
    } catch {
      // The process ended meanwhile: it used nothing more.
    }
  }
  return usage;
}
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

async function timed(label, fn) {
  const started = performance.now();
  const value = await fn();
  const elapsed = performance.now() - started;
  log(`${label}: ${ms(elapsed)} ms`);
  return { value, elapsed };
}

/** The bytes as sent (fetch would decompress them). */
function rawBody(url, headers) {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve(Buffer.concat(chunks)));
    }).on('error', reject);
  });
}

async function startBareServer(body, headers) {
  const dir = mkdtempSync(join(tmpdir(), 'warmpath-bench-'));
  const file = join(dir, 'network.br');
  writeFileSync(file, body);
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [join(ROOT, 'bench/src/api-bench/bare-server.mjs'), String(port), file, JSON.stringify(headers)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise((resolve) => child.stdout.once('data', resolve));
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

async function main() {
  if (!WRK)
    log(
      `WARNING: wrk not found, so autocannon generates all the load; on a small machine it saturates before the stack does. For the real figures, ${WRK_INSTALL_HINT}.`,
    );
  const stack = await startBenchStack({ label: 'api', log });
  let bare;
  try {
    log(
      `stack on ${stack.url}; ${PIN ? `stack on CPUs ${STACK_CPUS}, load generator on CPU ${LOAD_CPU}` : 'no CPU pinning'}`,
    );
    const small = await registerUser(stack.url, 'n5k');
    const big = await registerUser(stack.url, 'n30k');
    const seededSmall = await seedNetwork(stack.env.DATABASE_URL, small.userId, makePeople(5000, 1));
    const seededBig = await seedNetwork(stack.env.DATABASE_URL, big.userId, makePeople(30000, 2));
    log(
      `seeded 5,000 people (${seededSmall.relationships} company links) and 30,000 (${seededBig.relationships})`,
    );
    if (SIGNALS) {
      const withSignals = [
        await seedSignals(stack.env.DATABASE_URL, small.userId, seededSmall.ids),
        await seedSignals(stack.env.DATABASE_URL, big.userId, seededBig.ids),
      ];
      log(`archive signals for ${withSignals.join(' and ')} of them`);
    }

    const browser = { cookie: small.cookie, 'accept-encoding': 'gzip, deflate, br' };
    const cold5k = await timed('cold GET /api/network, 5,000 people (snapshot build)', () =>
      fetch(`${stack.url}/api/network`, { headers: browser }),
    );
    const body = await rawBody(`${stack.url}/api/network`, { ...browser, 'accept-encoding': 'br' });
    const etag = cold5k.value.headers.get('etag');
    const cold30k = await timed('cold GET /api/network, 30,000 people (snapshot build)', async () => ({
      bytes: (await rawBody(`${stack.url}/api/network`, { cookie: big.cookie, 'accept-encoding': 'br' }))
        .length,
    }));
    const firstPath = await timed('first GET /api/network/paths, 30,000 people (load + warmth graph)', () =>
      fetch(`${stack.url}/api/network/paths?to=${seededBig.ids[12345]}`, {
        headers: { cookie: big.cookie },
      }).then((r) => r.json()),
    );

    const headers = {
      'content-type': 'application/json; charset=utf-8',
      'content-encoding': 'br',
      etag,
      'cache-control': 'private, no-cache',
      vary: 'Accept-Encoding, Cookie',
    };
    bare = await startBareServer(body, headers);
    const rows = [];
    const run = (name, target, generator, options) => {
      log(`running ${name} (${generator})...`);
      const before = childCpu();
      const result =
        generator === 'wrk'
          ? measureWithWrk({
              warmup: WARMUP,
              duration: DURATION,
              pin: PIN ? LOAD_CPU : undefined,
              ...options,
              connections: options.rate ? wrkConnections(options.rate) : 32,
            })
          : autocannonLoad({ ...options, connections: options.rate ? openConnections(options.rate) : 32 });
      const after = childCpu();
      // CPU per request over warm-up and measured run alike (both send the same requests).
      const sent = result.requests * ((DURATION + WARMUP) / DURATION);
      const cpu = Object.fromEntries(
        Object.keys(after).map((k) => [k, (after[k] - (before[k] ?? 0)) / sent]),
      );
      rows.push({ name, target, generator, ...result, cpu, load: loadavg()[0] });
    };
    const generators = [...(WRK ? ['wrk'] : []), ...(AUTOCANNON || !WRK ? ['autocannon'] : [])];
    const paths = seededBig.ids.map((id) => `/api/network/paths?to=${id}`);
    const scenarios = [
      [
        `bare Fastify, same bytes @${RATE}/s`,
        'ceiling',
        { url: `${bare.url}/api/network`, headers: { 'accept-encoding': 'br' }, rate: RATE },
      ],
      [
        `GET /api/network 5k, br @${RATE}/s`,
        `${RATE}/s, p95 ≤ 50 ms`,
        { url: `${stack.url}/api/network`, headers: { ...browser, 'accept-encoding': 'br' }, rate: RATE },
      ],
      [
        `GET /api/network 5k, 304 @${RATE}/s`,
        'revalidation',
        {
          url: `${stack.url}/api/network`,
          headers: { ...browser, 'accept-encoding': 'br', 'if-none-match': etag },
          rate: RATE,
        },
      ],
      [
        `GET /api/network/paths 30k, random @${PATH_RATE}/s`,
        'p95 ≤ 100 ms',
        { url: `${stack.url}/api/network/paths`, headers: { cookie: big.cookie }, paths, rate: PATH_RATE },
      ],
    ];
    for (const generator of generators)
      for (const [name, target, options] of scenarios) run(name, target, generator, options);
    const capacity = generators[0];
    run('bare Fastify, same bytes, max', 'capacity', capacity, {
      url: `${bare.url}/api/network`,
      headers: { 'accept-encoding': 'br' },
    });
    run('GET /api/network 5k, br, max', 'capacity', capacity, {
      url: `${stack.url}/api/network`,
      headers: { ...browser, 'accept-encoding': 'br' },
    });
    run('GET /api/network/paths 30k, random, max', 'capacity', capacity, {
      url: `${stack.url}/api/network/paths`,
      headers: { cookie: big.cookie },
      paths,
    });

    printReport(rows, {
      cold5k: cold5k.elapsed,
      cold30k,
      firstPath,
      bytes: body.length,
      hops: firstPath.value.hops?.length,
    });
  } finally {
    bare?.stop();
    await stack.stop();
  }
}

function printReport(rows, cold) {
  const lines = [
    `Warmpath API benchmark — ${new Date().toISOString()} — ${CPUS} CPUs, Node ${process.version}, ${PIN ? `stack on CPUs ${STACK_CPUS}, load generator on CPU ${LOAD_CPU}` : 'unpinned'}`,
    `warm-up ${WARMUP} s discarded, measured ${DURATION} s; fixed offered rates (wrk: paced.lua's schedule, ${wrkConnections(RATE)} connections at ${RATE}/s; autocannon: one connection per request/s); latency = request written to last byte; load avg = 1-min load after the run (other work on the machine included)`,
    '',
    '| scenario | target | generator | req/s | p50 ms | p95 ms | p99 ms | max ms | errors | non-2xx | bytes/resp | CPU ms/req gateway · network · auth · bare · generator | load avg |',
    '|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.target} | ${r.generator} | ${r.requestsPerSecond.toFixed(0)} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${ms(r.max)} | ${r.errors} | ${r.non2xx} | ${r.bytesPerRequest} | ` +
        `${['gateway', 'network', 'auth', 'bare'].map((k) => (r.cpu[k] ? r.cpu[k].toFixed(2) : '-')).join(' · ')} · ${r.loaderCpuMs.toFixed(2)} | ${r.load.toFixed(1)} |`,
    ),
    '',
    `5,000-person answer: ${cold.bytes} bytes brotli; first (cold) build and read ${ms(cold.cold5k)} ms`,
    `30,000-person answer: ${cold.cold30k.value.bytes} bytes brotli; first (cold) build and read ${ms(cold.cold30k.elapsed)} ms`,
    `first path on 30,000 (loads the network, builds the warmth graph): ${ms(cold.firstPath.elapsed)} ms, ${cold.hops} hops`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

await main();
