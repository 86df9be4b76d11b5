import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { serviceDataSourceOptions, toUnavailableError, withoutQueryTimeout } from '../../src/index.js';

/**
 * A statement the database does not answer in time (here pg_sleep outlasting the budget; in
 * production a partition or a black-holed link) fails as SERVICE_UNAVAILABLE, and its connection
 * goes with it: the next statement runs on a fresh one instead of queueing behind it.
 */
const BUDGET_MS = 300;

const ADMIN_URL = process.env.IT_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `warmpath_it_${randomBytes(6).toString('hex')}`;
const db = { url: Object.assign(new URL(ADMIN_URL), { pathname: `/${name}` }).toString() };
let dataSource: DataSource | undefined;

async function asAdmin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  await asAdmin(`CREATE DATABASE "${name}"`);
});
afterEach(async () => {
  await dataSource?.destroy();
  dataSource = undefined;
});
afterAll(async () => {
  await asAdmin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
});

/** The services' options over a pool of one connection, so "the next statement" is on the pool's only slot. */
async function openOneConnectionPool(): Promise<DataSource> {
  const options = serviceDataSourceOptions({
    url: db.url,
    schema: 'public',
    entities: [],
    migrations: [],
    queryTimeoutMs: BUDGET_MS,
  });
  dataSource = new DataSource({
    ...options,
    migrationsRun: false,
    extra: { ...(options.extra as object), max: 1 },
  } as DataSourceOptions);
  return dataSource.initialize();
}

const backendPid = async (source: DataSource) =>
  ((await source.query('SELECT pg_backend_pid() AS pid')) as { pid: number }[])[0]?.pid;

describe('the statement budget (DATABASE_QUERY_TIMEOUT_MS)', () => {
  it('fails an unanswered statement as SERVICE_UNAVAILABLE and replaces its connection', async () => {
    const source = await openOneConnectionPool();
    const before = await backendPid(source);

    const error = await source.query('SELECT pg_sleep(5)').then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(Error);
    expect(toUnavailableError(error)?.toBody()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });

    // The next statement gets an answer, on another connection: the stuck one was thrown away
    // (kept, it would wait behind the unanswered statement and time out in turn).
    const after = await backendPid(source);
    expect(after).toEqual(expect.any(Number));
    expect(after).not.toBe(before);
    expect(await source.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });

  it('is lifted for long work and restored after it', async () => {
    const source = await openOneConnectionPool();
    const runner = source.createQueryRunner('master');
    try {
      const client = (await runner.connect()) as pg.PoolClient;
      const slept = await withoutQueryTimeout(client, () =>
        client.query(`SELECT true AS done FROM pg_sleep(${(BUDGET_MS * 2) / 1000})`),
      );
      expect(slept.rows).toEqual([{ done: true }]);
      await expect(client.query('SELECT pg_sleep(5)')).rejects.toThrow('Query read timeout');
    } finally {
      await runner.release();
    }
  });

  it('survives a lent connection terminated between statements (a failover, pg_terminate_backend)', async () => {
    const source = await openOneConnectionPool();
    // A connection as the pool lends it: until its borrower listens for errors (TypeORM does a
    // moment later), nobody does.
    const pool = (source.driver as unknown as { master: pg.Pool }).master;
    const client = await pool.connect();
    const pid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid;
    // Postgres sends its FATAL to a connection with no statement running: pg emits it as an
    // 'error' event, which with no listener would end the whole service.
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => void uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      await asAdmin(`SELECT pg_terminate_backend(${pid})`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const error = await client.query('SELECT 1').then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(toUnavailableError(error)?.toBody()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    } finally {
      client.release();
      process.off('uncaughtException', onUncaught);
    }
    expect(uncaught).toEqual([]);
    // The broken connection left the pool: the next statement runs on a new one.
    const after = await backendPid(source);
    expect(after).toEqual(expect.any(Number));
    expect(after).not.toBe(pid);
  });
});
