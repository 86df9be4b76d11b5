import { withoutQueryTimeout } from '@warmpath/server-kit';
import type pg from 'pg';
import type { DataSource } from 'typeorm';

/**
 * Runs `work` on one raw pg connection of the service's TypeORM pool: COPY needs the driver's
 * client (pg-copy-streams), and the merge runs several statements in one transaction. Import
 * writes take as long as their data needs: the request path's statement budget is lifted.
 */
export async function withClient<T>(
  dataSource: DataSource,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const runner = dataSource.createQueryRunner('master');
  try {
    const client = (await runner.connect()) as pg.PoolClient;
    return await withoutQueryTimeout(client, () => work(client));
  } finally {
    await runner.release();
  }
}

/**
 * BEGIN ... COMMIT around `work`; any error rolls everything back, so nothing half-done is ever
 * visible. An import's merge waits its turn behind another of the same owner for as long as it
 * takes: the pool's lock_timeout (a request's quick 503) is lifted inside.
 */
export async function inTransaction<T>(client: pg.PoolClient, work: () => Promise<T>): Promise<T> {
  await client.query('BEGIN');
  try {
    await client.query('SET LOCAL lock_timeout = 0');
    const result = await work();
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/** Serialises the writes of one owner's network (two imports of the same user merge one after the other). */
export async function lockOwnerNetwork(client: pg.PoolClient, ownerUserId: number): Promise<void> {
  // Two-key form: the first key namespaces the lock to network imports.
  await client.query('SELECT pg_advisory_xact_lock(4004, $1)', [ownerUserId]);
}

/** lockOwnerNetwork without waiting: false when another transaction holds the owner's lock. */
export async function tryLockOwnerNetwork(client: pg.PoolClient, ownerUserId: number): Promise<boolean> {
  const result = await client.query<{ locked: boolean }>(
    'SELECT pg_try_advisory_xact_lock(4004, $1) AS "locked"',
    [ownerUserId],
  );
  return result.rows[0]?.locked === true;
}

/** Bumps the owner's network version (snapshots and caches are keyed by it) and answers the new one. */
export async function bumpNetworkVersion(client: pg.PoolClient, ownerUserId: number): Promise<string> {
  const result = await client.query<{ version: string }>(
    `INSERT INTO "network"."network_versions" ("owner_user_id", "version") VALUES ($1, 1)
     ON CONFLICT ("owner_user_id") DO UPDATE SET "version" = "network_versions"."version" + 1
     RETURNING "version"::text AS "version"`,
    [ownerUserId],
  );
  return result.rows[0]?.version ?? '1';
}

export async function readNetworkVersion(client: pg.PoolClient, ownerUserId: number): Promise<string> {
  const result = await client.query<{ version: string }>(
    `SELECT "version"::text AS "version" FROM "network"."network_versions" WHERE "owner_user_id" = $1`,
    [ownerUserId],
  );
  return result.rows[0]?.version ?? '0';
}
