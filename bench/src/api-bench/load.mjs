// One load run with autocannon, meant to run in its own process pinned away from the services:
//   node load.mjs < options.json  → prints one JSON line of results.
// Latency percentiles come from every response's own time (send to last byte), not from
// autocannon's histogram, whose coordinated-omission correction assumes 1 ms intervals at low
// per-connection rates and would invent samples.
import autocannon from 'autocannon';
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

/** A warm-up run (discarded), then the measured run. */
export async function measure(options) {
  if (options.warmup > 0) await runOnce({ ...options, duration: options.warmup });
  const cpuBefore = process.cpuUsage();
  const { result, latencies, statuses } = await runOnce(options);
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
