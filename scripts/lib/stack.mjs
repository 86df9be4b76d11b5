// Starts Warmpath's services as child processes (the launcher and the e2e suite share this):
// every backend service, then the gateway; waits for GET /api/health; stops what it started.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ROOT, stopChild } from './infra.mjs';
import { createRestartPolicy } from './restart-policy.mjs';

export const BACKEND_SERVICES = ['auth', 'network', 'teams', 'ai', 'import-worker'];
export const ALL_SERVICES = [...BACKEND_SERVICES, 'gateway'];

const COLORS = [36, 32, 33, 35, 34, 31];

/**
 * WARMPATH_CPU_PROF=<service> (e.g. network): that service writes a V8 CPU profile of its main
 * thread when it stops, into the log folder (or the working directory), for a bench to be explained.
 */
function cpuProfile(name, logDir) {
  if (process.env.WARMPATH_CPU_PROF !== name) return [];
  return ['--cpu-prof', ...(logDir ? [`--cpu-prof-dir=${logDir}`] : [])];
}

/**
 * V8 flags a service runs with, here as in its Kubernetes manifest (NODE_OPTIONS there). The
 * network service's builds allocate short-lived objects by the million: a larger young generation
 * lets them die there instead of being promoted and marked again and again by full collections
 * over its large heap (docs/performance.md "Through the stack, and the young generation of the
 * network service").
 */
export const SERVICE_NODE_FLAGS = { network: ['--max-semi-space-size=64'] };

/** Pipes a child's output line by line, prefixed with its name, to stdout or to a log file. */
function pipeOutput(child, name, index, logDir) {
  if (logDir) {
    mkdirSync(logDir, { recursive: true });
    const file = createWriteStream(join(logDir, `${name}.log`), { flags: 'a' });
    // Two sources into one file: the first to end must not end it under the other's feet
    // (a write after its end throws and takes the whole launcher down).
    child.stdout.pipe(file, { end: false });
    child.stderr.pipe(file, { end: false });
    child.on('close', () => file.end());
    return;
  }
  const prefix = process.stdout.isTTY
    ? `\x1b[${COLORS[index % COLORS.length]}m[${name}]\x1b[0m `
    : `[${name}] `;
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => process.stdout.write(`${prefix}${line}\n`));
  }
}

/** "gateway (redis: timed out)": a missing service with what its health answer says is down. */
const describeMissing = (name, state) => (state?.detail ? `${name} (${state.detail})` : name);

export async function waitForHealth(url, timeoutMs = 60_000, isAlive = () => true) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error('a service exited during start-up (see its log above)');
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(3000) });
      const body = await response.json();
      if (response.ok) return body;
      last = `missing: ${(body.missing ?? []).map((name) => describeMissing(name, body.services?.[name])).join(', ')}`;
    } catch (error) {
      last = error.message;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`Warmpath did not become healthy within ${timeoutMs / 1000} s (${last})`);
}

/**
 * env: the environment for every service (DATABASE_URL, REDIS_URL, NATS_URL, prefixes...).
 * port: the gateway's port. logDir: write logs there instead of prefixed stdout.
 * onRestart: when set, a service that exits unexpectedly is started again after a backoff
 * (restart-policy.mjs), and this is called with the delay first (for a log line).
 * @param {{ env: Record<string, string>, port: number, logDir?: string, healthTimeoutMs?: number,
 *   onExit?: (name: string, code: number | null, signal: string | null) => void,
 *   onRestart?: (name: string, delayMs: number, crashes: number) => void }} options
 */
export async function startStack({ env, port, logDir, healthTimeoutMs = 90_000, onExit, onRestart }) {
  for (const name of ALL_SERVICES) {
    if (!existsSync(join(ROOT, 'services', name, 'dist', 'main.js'))) {
      throw new Error(`services/${name} is not built: run npm run build first`);
    }
  }
  const children = new Map();
  const restarts = createRestartPolicy();
  let stopping = false;
  const restartLater = (name, child, serviceEnv, startedAt) => {
    const { delayMs, crashes } = restarts.nextDelay(name, Date.now() - startedAt);
    onRestart(name, delayMs, crashes);
    setTimeout(() => {
      // Unless the stack stopped, or the service was stopped or started by hand meanwhile.
      if (!stopping && children.get(name) === child) startService(name, serviceEnv);
    }, delayMs).unref();
  };
  const startService = (name, serviceEnv = env) => {
    const startedAt = Date.now();
    const index = ALL_SERVICES.indexOf(name);
    const args = [
      ...(SERVICE_NODE_FLAGS[name] ?? []),
      ...cpuProfile(name, logDir),
      join(ROOT, 'services', name, 'dist', 'main.js'),
    ];
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: {
        ...process.env,
        ...serviceEnv,
        ...(name === 'gateway' ? { PORT: String(port) } : { HTTP_PORT: '0' }),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    pipeOutput(child, name, index, logDir);
    child.once('exit', (code, signal) => {
      if (stopping || children.get(name) !== child) return;
      onExit?.(name, code, signal);
      if (onRestart) restartLater(name, child, serviceEnv, startedAt);
    });
    children.set(name, child);
    return child;
  };
  for (const name of ALL_SERVICES) startService(name);
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    stopping = true;
    await Promise.all([...children.values()].map((c) => stopChild(c)));
  };
  try {
    await waitForHealth(url, healthTimeoutMs, () => [...children.values()].every((c) => c.exitCode === null));
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    stop,
    /** Stops one service (SIGTERM, as an orchestrator would). */
    stopService: async (name) => {
      const child = children.get(name);
      children.delete(name);
      if (child) await stopChild(child);
    },
    /**
     * Starts a service again, optionally with a different environment (e.g. provider settings).
     * @param {string} name
     * @param {Record<string, string>} [serviceEnv]
     */
    startService: (name, serviceEnv) => void startService(name, serviceEnv),
    /** The running process id of a service (fault tests kill it as a crash would). */
    pidOf: (name) => children.get(name)?.pid,
  };
}

/**
 * The kernel's ephemeral port range (Linux), from which it picks the local port of every outgoing
 * connection and of every listen on port 0. A port chosen from it can be taken by any of those
 * between the moment it is found free and the moment a server binds it.
 */
function ephemeralRange() {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    return low > 0 && high >= low ? { low, high } : null;
  } catch {
    return null;
  }
}

const canListen = (net, port) =>
  new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/**
 * A free TCP port on loopback, for a server started a moment later (a gateway, a test's own
 * nats-server or redis-server). Below the ephemeral range where there is one: no outgoing
 * connection and no port-0 listener of a test running beside can take it in that moment.
 */
export async function freePort() {
  const net = await import('node:net');
  const range = ephemeralRange();
  const floor = 10_000;
  if (range && range.low - floor >= 1000) {
    for (let attempt = 0; attempt < 100; attempt++) {
      const port = floor + Math.floor(Math.random() * (range.low - floor));
      if (await canListen(net, port)) return port;
    }
  }
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}
