// One load run with autocannon (or, with `client: 'node'`, Node's own http client, whose HTTP
// parser is native: autocannon's JavaScript parser becomes
// the bottleneck on large bodies; docs/performance.md#figures-behind-choices-in-the-code), meant to
// run in its own process:
//   node load.mjs < options.json  → prints one JSON line of results.
// Latency percentiles come from every response's own time (send to last byte), not from
// autocannon's histogram, whose coordinated-omission correction assumes 1 ms intervals at low
// per-connection rates and would invent samples.
import autocannon from 'autocannon';
import { Agent, request } from 'node:http';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * One autocannon run. `paths` (request paths picked at random) or `bodies` (request bodies sent in
 * turn, e.g. one sign-in per user) vary the requests; `onResponse(status, ms)` sees every answer.
 */
export function runOnce({ url, method, headers, paths, bodies, rate, connections, duration, onResponse }) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    const statuses = {};
    let next = 0;
    const setupRequest = (req) => ({
      ...req,
      ...(paths ? { path: paths[Math.floor(Math.random() * paths.length)] } : {}),
      ...(bodies ? { body: bodies[next++ % bodies.length] } : {}),
    });
    const requests = paths || bodies ? [{ setupRequest }] : undefined;
    const instance = autocannon(
      {
        url,
        ...(method ? { method } : {}),
        headers,
        connections,
        duration,
        requests,
        timeout: 10,
        ...(rate ? { overallRate: rate } : {}),
      },
      (error, result) => (error ? reject(error) : resolve({ result, latencies, statuses })),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime);
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
      onResponse?.(statusCode, responseTime);
    });
  });
}

/**
 * The same run with Node's http client: requests sent at `rate` per second on a schedule (an open
 * model: a slow answer does not delay the next request), bodies counted and discarded, each
 * latency from send to last byte. Answers the shape of runOnce's.
 */
export async function runOnceNode({ url, method, headers, paths, rate, connections, duration }) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections ?? 50 });
  const base = new URL(url);
  const latencies = [];
  const statuses = {};
  let errors = 0;
  let non2xx = 0;
  let bytes = 0;
  const one = () =>
    new Promise((done) => {
      const started = performance.now();
      const path = paths ? paths[Math.floor(Math.random() * paths.length)] : base.pathname + base.search;
      const req = request(
        { host: base.hostname, port: base.port, path, method: method ?? 'GET', headers, agent },
        (res) => {
          res.on('data', (chunk) => (bytes += chunk.length));
          res.on('end', () => {
            latencies.push(performance.now() - started);
            statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
            if (res.statusCode < 200 || res.statusCode > 299) non2xx += 1;
            done();
          });
          res.on('error', () => ((errors += 1), done()));
        },
      );
      req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
      req.on('error', () => ((errors += 1), done()));
      req.end();
    });
  const total = Math.round(rate * duration);
  const began = performance.now();
  const pending = [];
  for (let i = 0; i < total; i++) {
    const wait = began + (i * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(one());
  }
  await Promise.all(pending);
  agent.destroy();
  const answered = latencies.length;
  return {
    result: {
      requests: { total: answered },
      duration: (performance.now() - began) / 1000,
      errors,
      timeouts: 0,
      non2xx,
      throughput: { total: bytes },
    },
    latencies,
    statuses,
  };
}

/** A warm-up run (discarded), then the measured run. */
export async function measure(options) {
  const run = options.client === 'node' ? runOnceNode : runOnce;
  if (options.warmup > 0) await run({ ...options, duration: options.warmup });
  const cpuBefore = process.cpuUsage();
  const { result, latencies, statuses } = await run(options);
  const cpu = process.cpuUsage(cpuBefore);
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: result.requests.total / result.duration,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    statuses,
    bytesPerRequest: result.requests.total ? Math.round(result.throughput.total / result.requests.total) : 0,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1] ?? NaN,
    /** The load generator's own CPU per response: it competes with the stack on a small machine. */
    loaderCpuMs: result.requests.total ? (cpu.user + cpu.system) / 1000 / result.requests.total : NaN,
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  const result = await measure(JSON.parse(Buffer.concat(chunks).toString('utf8')));
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
