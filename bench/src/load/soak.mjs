// Workload "soak" (docs/performance.md#load-npm-run-benchload): the mixed load (see mix.mjs) at
// BENCH_SOAK_RATE (15) requests a second in all for BENCH_SOAK_SECONDS (600), with a
// BENCH_SOAK_IMPORT_ROWS (1,000)-row import every 30 s (the same file again); every service's RSS
// (/proc) and Redis memory before, every BENCH_SOAK_SAMPLE_SECONDS (60) and after, and their trend:
// the least-squares slope over the samples, in MB per 10 minutes. Flat is the target: a leak shows
// as a steady climb.
import { generateLinkedInCsv } from '@warmpath/testing';
import { setTimeout as sleep } from 'node:timers/promises';
import { byService, memoryMb } from '../processes.mjs';
import { importCsv, registerUser } from '../stack.mjs';
import { env, fixture, knob, mixedStreams } from './fixture.mjs';
import { printTable, runPhase } from './phase.mjs';
import { redisMemory } from './redis-memory.mjs';

export { env };

const IMPORT_EVERY_MS = 30_000;

export async function run({ stack }) {
  const seconds = knob('BENCH_SOAK_SECONDS', 600);
  const total = knob('BENCH_SOAK_RATE', 15);
  const sampleMs = knob('BENCH_SOAK_SAMPLE_SECONDS', 60) * 1000;
  const rows = knob('BENCH_SOAK_IMPORT_ROWS', 1000);
  const users = await fixture(stack);
  const importer = await registerUser(stack.url, 'soakimporter');
  const started = performance.now();
  const sample = async () => ({
    minute: (performance.now() - started) / 60_000,
    rss: byService(stack.pids(), (pid) => memoryMb(pid).rss),
    redis: await redisMemory(stack.env.REDIS_URL, stack.env.REDIS_PREFIX),
  });
  const samples = [await sample()];
  let imports = 0;
  const alongside = async (signal) => {
    const sampling = (async () => {
      while (!signal.aborted) {
        await sleep(sampleMs, undefined, { signal }).catch(() => undefined);
        if (!signal.aborted) samples.push(await sample());
      }
    })();
    // The same file every time (the same people merged again): steady state, so memory that
    // grows is a leak, not a bigger network.
    const csv = generateLinkedInCsv(rows, { seed: 600 });
    while (!signal.aborted) {
      const due = performance.now() + IMPORT_EVERY_MS;
      await importCsv(stack.url, importer.cookie, csv);
      imports += 1;
      await sleep(Math.max(0, due - performance.now()), undefined, { signal }).catch(() => undefined);
    }
    await sampling;
  };
  const phase = await runPhase(stack, {
    name: `soak ${seconds} s`,
    streams: mixedStreams(users, stack.url, total),
    seconds,
    window: 60,
    alongside,
  });
  samples.push(await sample());
  printTable([phase]);
  console.log(`\n${imports} imports of ${rows.toLocaleString('en')} rows meanwhile (one every 30 s)`);
  printTrend(phase, samples);
  return { phases: [phase], samples };
}

/** Least-squares slope of `values` over `minutes`, per 10 minutes. */
function slopePer10Min(minutes, values) {
  const n = values.length;
  const mx = minutes.reduce((a, b) => a + b, 0) / n;
  const my = values.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i += 1) {
    num += (minutes[i] - mx) * (values[i] - my);
    den += (minutes[i] - mx) ** 2;
  }
  return den ? (num / den) * 10 : NaN;
}

function printTrend(phase, samples) {
  const services = Object.keys(samples[0].rss);
  const series = [
    ...services.map((name) => [`${name} RSS (MB)`, (s) => s.rss[name]]),
    ['Redis used_memory, whole server (MB)', (s) => s.redis.usedMemoryMb],
    ["Redis, this run's keys (MB)", (s) => s.redis.prefixMb],
    ["Redis, this run's keys (count)", (s) => s.redis.keys],
    ['Redis, sessions (count)', (s) => s.redis.sessions],
  ];
  const minutes = samples.map((s) => s.minute);
  const fmt = (v) => (Number.isFinite(v) ? (Math.abs(v) >= 100 ? v.toFixed(0) : v.toFixed(1)) : '-');
  console.log(`\nmemory over the soak (samples at minute ${minutes.map((m) => m.toFixed(1)).join(', ')})\n`);
  console.log('| what | before | after | min | max | trend per 10 min |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const [label, read] of series) {
    const values = samples.map(read);
    console.log(
      `| ${label} | ${fmt(values[0])} | ${fmt(values[values.length - 1])} | ${fmt(Math.min(...values))} | ${fmt(Math.max(...values))} | ${fmt(slopePer10Min(minutes, values))} |`,
    );
  }
  const { largest } = samples[samples.length - 1].redis;
  console.log(`\nlargest Redis key of the run at the end: ${largest.key} (${largest.mb.toFixed(2)} MB)`);
  for (const stream of phase.streams)
    console.log(`p95 per minute, ${stream.name}: ${stream.trend.map((v) => fmt(v)).join(' · ')} ms`);
}
