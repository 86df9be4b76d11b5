// wrk as the API benchmark's load generator: C, epoll, no JavaScript per response, so on a small
// machine it leaves the CPUs to the services (autocannon needs many times its CPU per answer:
// docs/performance.md#figures-behind-choices-in-the-code). paced.lua holds a fixed offered rate and
// prints the results as one JSON line.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('./paced.lua', import.meta.url));
export const WRK_INSTALL_HINT =
  'install it with `sudo apt-get install -y wrk` (Debian/Ubuntu) or `brew install wrk` (macOS)';

export function wrkAvailable() {
  return spawnSync('sh', ['-c', 'command -v wrk'], { encoding: 'utf8' }).status === 0;
}

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** CPU ms of this process' reaped children (cutime + cstime): spawnSync reaps wrk before it returns. */
function reapedChildrenCpuMs() {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / CLOCK_TICKS;
}

function runOnce({ url, headers, pathsFile, rate, connections, duration, pin }) {
  const args = ['-t1', `-c${connections}`, `-d${duration}s`, '--timeout', '10s', '-s', SCRIPT];
  for (const [name, value] of Object.entries(headers ?? {})) args.push('-H', `${name}: ${value}`);
  args.push(url);
  const [command, argv] = pin ? ['taskset', ['-c', pin, 'wrk', ...args]] : ['wrk', args];
  const cpuBefore = reapedChildrenCpuMs();
  const result = spawnSync(command, argv, {
    encoding: 'utf8',
    env: { ...process.env, WRK_RATE: String(rate ?? 0), WRK_THREADS: '1', WRK_PATHS: pathsFile ?? '' },
  });
  const cpuMs = reapedChildrenCpuMs() - cpuBefore;
  const line = result.stdout?.split('\n').find((l) => l.startsWith('{"wrk"'));
  if (result.status !== 0 || !line)
    throw new Error(`wrk failed (${result.status}): ${result.error?.message ?? result.stderr}`);
  return { ...JSON.parse(line), cpuMs };
}

/**
 * A warm-up run (discarded), then the measured run, with one thread and `connections` connections.
 * Answers the figures load.mjs answers for autocannon; latency is wrk's: from writing the request
 * to the last byte of the response (the time a paced request waits for its slot is not in it).
 */
export function measureWithWrk({ url, headers, paths, rate, connections, duration, warmup, pin }) {
  const dir = paths ? mkdtempSync(join(tmpdir(), 'warmpath-wrk-')) : null;
  const pathsFile = dir ? join(dir, 'paths.txt') : undefined;
  if (pathsFile) writeFileSync(pathsFile, `${paths.join('\n')}\n`);
  try {
    const options = { url, headers, pathsFile, rate, connections, pin };
    if (warmup > 0) runOnce({ ...options, duration: warmup });
    const run = runOnce({ ...options, duration });
    const seconds = run.durationUs / 1e6;
    return {
      requestsPerSecond: run.requests / seconds,
      requests: run.requests,
      errors: run.connectErrors + run.readErrors + run.writeErrors + run.timeouts,
      non2xx: run.statusErrors,
      bytesPerRequest: run.requests ? Math.round(run.bytes / run.requests) : 0,
      p50: run.p50 / 1000,
      p95: run.p95 / 1000,
      p99: run.p99 / 1000,
      max: run.max / 1000,
      loaderCpuMs: run.requests ? run.cpuMs / run.requests : NaN,
    };
  } finally {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}
