// The load generator of `npm run bench:load`, in its own process so its CPU is not the stack's:
//   node generator.mjs < options.json  → prints one JSON line of results.
// Options: { warmup, duration, window, streams: [{ name, url, method?, headers?, paths?, bodies?,
// rate }] }. Every stream is an autocannon run at its fixed rate (one connection per request a
// second: the rate holds as an open model while answers take under a second; past that the
// held req/s falls short of the offered rate instead of queueing), all streams at once. Latency
// is each response's own time, send to last byte; `window` (s) also splits it into a trend.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { percentile, runOnce } from '../api-bench/load.mjs';

function summarize(latencies) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? NaN,
  };
}

async function runStream(stream, { duration, window }) {
  const started = performance.now();
  const windows = [];
  const onResponse = (_status, ms) => {
    const index = window ? Math.floor((performance.now() - started) / 1000 / window) : 0;
    (windows[index] ??= []).push(ms);
  };
  const { result, latencies, statuses } = await runOnce({
    ...stream,
    connections: stream.rate,
    duration,
    onResponse,
  });
  const non2xx = Object.entries(statuses)
    .filter(([status]) => !status.startsWith('2'))
    .reduce((sum, [, count]) => sum + count, 0);
  return {
    name: stream.name,
    rate: stream.rate,
    requests: result.requests.total,
    requestsPerSecond: result.requests.total / result.duration,
    errors: result.errors + result.timeouts,
    non2xx,
    statuses,
    ...summarize(latencies),
    trend: window ? Array.from(windows, (w) => summarize(w ?? []).p95) : [],
  };
}

/** A warm-up (discarded), then the measured run; `sent` counts the requests of both. */
export async function generate({ streams, duration, warmup = 0, window = 0 }) {
  let sent = 0;
  if (warmup > 0) {
    const warm = await Promise.all(streams.map((s) => runStream(s, { duration: warmup })));
    sent += warm.reduce((sum, s) => sum + s.requests, 0);
  }
  const cpuBefore = process.cpuUsage();
  const measured = await Promise.all(streams.map((s) => runStream(s, { duration, window })));
  const cpu = process.cpuUsage(cpuBefore);
  const requests = measured.reduce((sum, s) => sum + s.requests, 0);
  sent += requests;
  return {
    streams: measured,
    sent,
    /** The generator's own CPU per response: it competes with the stack on a small machine. */
    generatorCpuMs: requests ? (cpu.user + cpu.system) / 1000 / requests : NaN,
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  const result = await generate(JSON.parse(Buffer.concat(chunks).toString('utf8')));
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
