// A fixed-rate phase of `npm run bench:load`: the load generator (generator.mjs) in a child process
// at fixed rates while this process reads, from /proc, what every service spent, and the load
// average at its start and end; printTable() writes phases as one Markdown table.
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { byService, cpuMs } from '../processes.mjs';

const GENERATOR = fileURLToPath(new URL('./generator.mjs', import.meta.url));
const SERVICES = ['gateway', 'auth', 'network', 'teams', 'ai', 'import-worker'];

/** Runs the generator with `options` (through stdin: paths and bodies can be long); answers its result. */
function generate(options) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [GENERATOR], { stdio: ['pipe', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`the load generator exited with ${code}`));
      resolve(JSON.parse(output.trim().split('\n').pop()));
    });
    child.stdin.end(JSON.stringify(options));
  });
}

/**
 * The `streams` at once for `seconds` after `warmup` seconds; `alongside(signal)`, when given, runs
 * meanwhile (imports, sampling) and is told by `signal` when the load has ended. CPU per request
 * is every service's CPU over warm-up and measured run (and whatever `alongside` made them do)
 * divided by every request sent.
 * @param {{ pids: () => Record<string, number> }} stack
 * @param {{ name: string, streams: object[], seconds: number, warmup?: number, window?: number,
 *   alongside?: (signal: AbortSignal) => Promise<unknown> }} phase
 */
export async function runPhase(stack, { name, streams, seconds, warmup = 0, window = 0, alongside }) {
  const pids = stack.pids();
  const cpuBefore = byService(pids, cpuMs);
  const loadStart = loadavg()[0];
  const done = new AbortController();
  const side = alongside?.(done.signal);
  let result;
  try {
    result = await generate({ streams, duration: seconds, warmup, window });
  } catch (error) {
    done.abort();
    await side?.catch(() => undefined);
    throw error;
  }
  done.abort();
  const sideResult = await side;
  const cpuAfter = byService(pids, cpuMs);
  const cpuPerRequest = Object.fromEntries(
    Object.keys(pids).map((service) => [service, (cpuAfter[service] - cpuBefore[service]) / result.sent]),
  );
  return { name, seconds, ...result, cpuPerRequest, loadStart, loadEnd: loadavg()[0], alongside: sideResult };
}

const ms = (value) => (Number.isFinite(value) ? value.toFixed(value < 10 ? 1 : 0) : '-');

/** One row per stream of each phase; CPU and load average on the phase's first row. */
export function printTable(phases) {
  console.log(
    `\n| phase | requests | offered/s | answered/s | p50 ms | p95 ms | p99 ms | max ms | errors | non-2xx | CPU ms/req ${SERVICES.join(' · ')} · generator | load avg start → end |`,
  );
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---|---|---|');
  for (const phase of phases) {
    phase.streams.forEach((s, i) => {
      const statuses = Object.entries(s.statuses)
        .filter(([status]) => !status.startsWith('2'))
        .map(([status, count]) => `${status}: ${count}`)
        .join(', ');
      const cpu =
        i === 0
          ? `${SERVICES.map((name) => ms(phase.cpuPerRequest[name])).join(' · ')} · ${ms(phase.generatorCpuMs)}`
          : '″';
      const load = i === 0 ? `${phase.loadStart.toFixed(1)} → ${phase.loadEnd.toFixed(1)}` : '″';
      console.log(
        `| ${i === 0 ? phase.name : '″'} | ${s.name} | ${s.rate} | ${s.requestsPerSecond.toFixed(1)} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${ms(s.max)} | ${s.errors} | ${statuses || '0'} | ${cpu} | ${load} |`,
      );
    });
  }
}
