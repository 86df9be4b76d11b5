import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
// eslint-disable-next-line @nx/enforce-module-boundaries -- scripts/ is tooling, not a project
import { dropDatabase, ensureDatabase, ensureInfrastructure, ROOT } from '../../../scripts/lib/infra.mjs';
// eslint-disable-next-line @nx/enforce-module-boundaries -- scripts/ is tooling, not a project
import { freePort, startStack } from '../../../scripts/lib/stack.mjs';
import { OwnServer } from './servers.js';
import { TcpProxy } from './tcp-proxy.js';

interface Stack {
  url: string;
  stop(): Promise<void>;
  stopService(name: string): Promise<void>;
  startService(name: string, env?: Record<string, string>): void;
  pidOf(name: string): number | undefined;
}

export interface FaultStack {
  url: string;
  nats: OwnServer;
  redis: OwnServer;
  /** Between the services and Postgres. */
  postgres: TcpProxy;
  /** The database URL that bypasses the proxy (for the test's own checks). */
  directDatabaseUrl: string;
  /** One query on a connection of the test's own, past the proxy: its rows. */
  direct<T>(sql: string, params?: unknown[]): Promise<T[]>;
  /** How many rows of `table` (schema-qualified) match `where`, counted past the proxy. */
  countRows(table: string, where: string, params?: unknown[]): Promise<number>;
  /** Service restarts the launcher made, as "name" per restart. */
  restarts: string[];
  pidOf(name: string): number | undefined;
  /** Stops a service as an operator would (SIGTERM; the launcher does not restart it). */
  stopService(name: string): Promise<void>;
  /** Starts a service again, with `env` over the stack's environment (e.g. a Redis of its own). */
  startService(name: string, env?: Record<string, string>): void;
  dispose(): Promise<void>;
}

export interface FaultStackOptions {
  /** Redis keeps its data across a kill (append-only file); else it comes back empty. */
  redisPersistent?: boolean;
  /** Extra environment for every service. */
  env?: Record<string, string>;
  /** How long the stack may take to answer its health check (the launcher's default: 90 s). */
  healthTimeoutMs?: number;
}

/**
 * The whole stack, as `npm start` runs it (restarts included), isolated from every other run and
 * scenario: its own nats-server -js and redis-server processes and its own database, reached
 * through a TCP proxy the scenario can cut. Nothing else on the machine notices its outages.
 */
export async function startFaultStack(options: FaultStackOptions = {}): Promise<FaultStack> {
  const runId = randomBytes(4).toString('hex');
  const infra = process.env.TEST_POSTGRES_URL ? null : await ensureInfrastructure({ log: () => undefined });
  const serverUrl = process.env.TEST_POSTGRES_URL ?? (infra?.postgresUrl as string);
  const dbName = `warmpath_fault_${runId}`;
  const directDatabaseUrl = await ensureDatabase(serverUrl, dbName);
  const direct = new URL(directDatabaseUrl);
  const postgres = new TcpProxy(
    { host: direct.hostname, port: Number(direct.port || 5432) },
    await freePort(),
  );
  const proxied = new URL(directDatabaseUrl);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(postgres.port);
  const nats = await OwnServer.nats();
  const redis = await OwnServer.redis(options.redisPersistent ?? true);
  await Promise.all([postgres.start(), nats.start(), redis.start()]);
  const restarts: string[] = [];
  const env: Record<string, string> = {
    DATABASE_URL: proxied.toString(),
    REDIS_URL: redis.url,
    NATS_URL: nats.url,
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    ADMIN_PASSWORD: `fault-${runId}`,
    SCRYPT_LOG_N: '12',
    LOGIN_MAX_FAILURES_PER_CLIENT: '100000',
    ...options.env,
  };
  const disposeInfrastructure = async () => {
    await Promise.all([nats.dispose(), redis.dispose(), postgres.dispose()]);
    await dropDatabase(serverUrl, dbName);
    await infra?.stop();
  };
  let stack: Stack;
  try {
    stack = await startStack({
      env,
      port: await freePort(),
      logDir: join(ROOT, '.test-results', `fault-logs-${runId}`),
      healthTimeoutMs: options.healthTimeoutMs,
      onRestart: (name: string) => void restarts.push(name),
    });
  } catch (error) {
    // A stack that did not come up leaves no nats-server, redis-server or database behind.
    await disposeInfrastructure();
    throw error;
  }
  return {
    url: stack.url,
    nats,
    redis,
    postgres,
    directDatabaseUrl,
    direct: (sql, params) => directQuery(directDatabaseUrl, sql, params),
    countRows: async (table, where, params) => {
      const [row] = await directQuery<{ n: number }>(
        directDatabaseUrl,
        `SELECT count(*)::int AS n FROM ${table} WHERE ${where}`,
        params,
      );
      return row?.n ?? 0;
    },
    restarts,
    pidOf: (name) => stack.pidOf(name),
    stopService: (name) => stack.stopService(name),
    startService: (name, extra) => stack.startService(name, { ...env, ...extra }),
    dispose: async () => {
      await stack.stop();
      await disposeInfrastructure();
    },
  };
}

async function directQuery<T>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}
