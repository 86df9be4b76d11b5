import type { DynamicModule } from '@nestjs/common';
import { getDataSourceToken, TypeOrmModule } from '@nestjs/typeorm';
import pg from 'pg';
import type { DataSourceOptions, MixedList } from 'typeorm';
import type { DependencyCheck } from '../health/health-checks.js';
import type { DataSource } from 'typeorm';

export interface ServiceDatabaseOptions {
  url: string;
  /** The Postgres schema this service owns; it touches no other. */
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
}

/** How long a statement waits for a lock before it fails (SQLSTATE 55P03, answered 503). */
export const DATABASE_LOCK_TIMEOUT_MS = 2000;

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
    // service rather than a 504 from the gateway. A statement waiting for a lock (a table locked
    // by a migration or a stuck transaction) gives up after DATABASE_LOCK_TIMEOUT_MS the same way.
    extra: { max: 10, connectionTimeoutMillis: 3000, lock_timeout: DATABASE_LOCK_TIMEOUT_MS },
  };
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

/** TypeORM for one service's schema; creates the schema first and runs pending migrations at boot. */
export function serviceDatabaseModule(options: ServiceDatabaseOptions): DynamicModule {
  return TypeOrmModule.forRootAsync({
    useFactory: async () => {
      await ensureSchema(options.url, options.schema);
      return serviceDataSourceOptions(options);
    },
  });
}

/** Readiness check of the service's database, for ServiceKitModule's `checks`. */
export const databaseChecks = {
  inject: [getDataSourceToken()],
  useFactory: (dataSource: DataSource) => [databaseCheck(dataSource)],
};
