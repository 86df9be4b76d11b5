import type { DynamicModule } from '@nestjs/common';
import { getDataSourceToken, TypeOrmModule } from '@nestjs/typeorm';
import pg from 'pg';
import type { DataSourceOptions, MixedList } from 'typeorm';
import type { DependencyCheck } from '../health/health-checks.js';
import { DataSource as TypeOrmDataSource } from 'typeorm';
import type { DataSource } from 'typeorm';

export interface ServiceDatabaseOptions {
  url: string;
  /** The Postgres schema this service owns; it touches no other. */
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
  /** Budget of one statement on the request path (DATABASE_QUERY_TIMEOUT_MS); default DATABASE_QUERY_TIMEOUT_MS. */
  queryTimeoutMs?: number;
}

/** How long a statement waits for a lock before it fails (SQLSTATE 55P03, answered 503). */
export const DATABASE_LOCK_TIMEOUT_MS = 2000;

/**
 * How long a statement may wait for its answer before it fails and its connection is thrown away
 * (answered 503): a database that accepts but never answers (a partition, a black hole) would
 * else hold the request until the bus' 5 s timeout (a 504) and the connection for good.
 */
export const DATABASE_QUERY_TIMEOUT_MS = 4000;
/** How long taking a pool connection (a free one, or a new one connecting) may take; under the query budget. */
export const DATABASE_CONNECT_TIMEOUT_MS = 3000;

const QUERY_READ_TIMEOUT = 'Query read timeout';

interface QueryTimeoutClientConfig extends pg.ClientConfig {
  queryTimeoutMs?: number;
}

/** COPY streams and cursors (pg "submittables") run as long as their data flows; no budget for them. */
function isSubmittable(config: unknown): boolean {
  return typeof (config as { submit?: unknown } | null)?.submit === 'function';
}

/**
 * The pg client of every service pool: each statement gets pg's `query_timeout` (the client's
 * `queryTimeoutMs`), and a statement that ran out of it takes its connection with it. pg alone
 * answers the timed-out query but keeps the connection, whose next statements would queue behind
 * the one still unanswered; ended, it goes back to the pool as not reusable and the pool replaces
 * it. A connection broken between statements never takes the process with it. Long work (an import's COPY and merge) lifts the budget on its connection
 * with `withoutQueryTimeout`.
 */
export class QueryTimeoutClient extends pg.Client {
  /** The budget of this connection's next statements (ms); 0: none. */
  queryTimeoutMs: number;

  constructor(config?: string | QueryTimeoutClientConfig) {
    super(config);
    this.queryTimeoutMs = typeof config === 'object' ? (config.queryTimeoutMs ?? 0) : 0;
    // A connection the database ends while no statement runs on it (a failover, an operator's
    // pg_terminate_backend) emits 'error'. The pool listens while it holds the connection and
    // TypeORM while a query runner does, but not in between (lent, not yet claimed): unheard,
    // the event would end the whole service. Heard here, the connection is marked broken, its
    // next statement fails as unavailable (503) and the pool drops it when it comes back.
    this.on('error', () => undefined);
  }

  // pg's query has a dozen overloads; this passes every form through, the first argument with a budget.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    const [config] = args;
    const submittable = isSubmittable(config);
    if (this.queryTimeoutMs > 0 && !submittable && config) {
      args[0] =
        typeof config === 'string'
          ? { text: config, query_timeout: this.queryTimeoutMs }
          : { query_timeout: this.queryTimeoutMs, ...config };
    }
    const last = args.length - 1;
    if (last > 0 && typeof args[last] === 'function') {
      const callback = args[last] as (error: Error | null, result: unknown) => void;
      args[last] = (error: Error | null, result: unknown) => {
        this.discardAfter(error);
        callback(error, result);
      };
      return (super.query as (...a: unknown[]) => unknown)(...args);
    }
    const result = (super.query as (...a: unknown[]) => unknown)(...args);
    if (submittable || !(result instanceof Promise)) return result;
    return result.catch((error: unknown) => {
      this.discardAfter(error);
      throw error;
    });
  }

  private discardAfter(error: unknown): void {
    if (!(error instanceof Error) || error.message !== QUERY_READ_TIMEOUT) return;
    // Ending marks the client at once (the pool then removes it rather than lend it again) and,
    // a statement still being unanswered, destroys its socket instead of waiting for a goodbye.
    void this.end().catch(() => undefined);
  }
}

/**
 * Sets the statement budget on `client` to `ms` (0: none; an import's COPY, merge and link step
 * take as long as the data needs) until the returned function restores it: call it before the
 * connection goes back to the pool.
 */
export function setQueryTimeout(client: pg.ClientBase, ms: number): () => void {
  if (!(client instanceof QueryTimeoutClient)) return () => undefined;
  const budget = client.queryTimeoutMs;
  client.queryTimeoutMs = ms;
  return () => {
    client.queryTimeoutMs = budget;
  };
}

/** No statement budget on `client` until the returned function restores it (see setQueryTimeout). */
export const liftQueryTimeout = (client: pg.ClientBase): (() => void) => setQueryTimeout(client, 0);

/** Runs `work` with a statement budget of `ms` on `client` (0: none), then restores the usual one. */
export async function withQueryTimeout<T>(
  client: pg.ClientBase,
  ms: number,
  work: () => Promise<T>,
): Promise<T> {
  const restore = setQueryTimeout(client, ms);
  try {
    return await work();
  } finally {
    restore();
  }
}

/** Runs `work` with no statement budget on `client`, then restores it. */
export const withoutQueryTimeout = <T>(client: pg.ClientBase, work: () => Promise<T>): Promise<T> =>
  withQueryTimeout(client, 0, work);

/** TypeORM options for one service's schema: migrations run at boot, never `synchronize`. */
export function serviceDataSourceOptions(options: ServiceDatabaseOptions): DataSourceOptions {
  return {
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    entities: options.entities,
    migrations: options.migrations,
    migrationsTableName: 'migrations',
    migrationsRun: true,
    synchronize: false,
    // Under the default NATS request timeout (5 s), so an unreachable database is a 503 from the
    // service rather than a 504 from the gateway: connecting (or waiting for a free connection)
    // gives up after 3 s, a statement unanswered after DATABASE_QUERY_TIMEOUT_MS (4 s) fails and
    // its connection is thrown away. A statement waiting for a lock (a table locked by a migration
    // or a stuck transaction) gives up after DATABASE_LOCK_TIMEOUT_MS (2 s) the same way.
    extra: {
      max: 10,
      connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS,
      lock_timeout: DATABASE_LOCK_TIMEOUT_MS,
      Client: QueryTimeoutClient,
      queryTimeoutMs: options.queryTimeoutMs ?? DATABASE_QUERY_TIMEOUT_MS,
    },
  };
}

/**
 * Runs the pending migrations on a connection of their own, without the statement budget: a
 * migration (an index on a large table) may take minutes.
 */
async function runMigrations(options: DataSourceOptions): Promise<void> {
  const migrating = new TypeOrmDataSource({
    ...options,
    migrationsRun: false,
    extra: {
      max: 1,
      connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS,
      lock_timeout: DATABASE_LOCK_TIMEOUT_MS,
    },
  } as DataSourceOptions);
  await migrating.initialize();
  try {
    await migrating.runMigrations();
  } finally {
    await migrating.destroy();
  }
}

/** The schema must exist before TypeORM can create its migrations table inside it. */
export async function ensureSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
}

export function databaseCheck(dataSource: DataSource): DependencyCheck {
  return { name: 'postgres', check: async () => void (await dataSource.query('SELECT 1')) };
}

/**
 * Creates the schema and runs its pending migrations, one process at a time: pods of a service
 * that start together (a rolling deploy, a scale-out) would otherwise run the same migration at
 * once, and the later one fail on the first's tables or run a data step twice. The others wait
 * for a session-level advisory lock named after the schema, then find nothing pending.
 */
export async function migrateSchema(options: ServiceDatabaseOptions): Promise<void> {
  const lock = new pg.Client({ connectionString: options.url });
  await lock.connect();
  try {
    // Waiting for another pod's migrations may take as long as they do.
    await lock.query('SET lock_timeout = 0');
    await lock.query('SELECT pg_advisory_lock(hashtext($1))', [`warmpath-migrations:${options.schema}`]);
    await ensureSchema(options.url, options.schema);
    await runMigrations(serviceDataSourceOptions(options));
  } finally {
    await lock.end();
  }
}

/** TypeORM for one service's schema; creates the schema first and runs pending migrations at boot. */
export function serviceDatabaseModule(options: ServiceDatabaseOptions): DynamicModule {
  return TypeOrmModule.forRootAsync({
    useFactory: async () => {
      await migrateSchema(options);
      return { ...serviceDataSourceOptions(options), migrationsRun: false };
    },
  });
}

/** Readiness check of the service's database, for ServiceKitModule's `checks`. */
export const databaseChecks = {
  inject: [getDataSourceToken()],
  useFactory: (dataSource: DataSource) => [databaseCheck(dataSource)],
};
