import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrateSchema } from '../../src/index.js';

/**
 * Pods of one service starting together (a rolling deploy, a scale-out) each run the pending
 * migrations at boot: one runs them, the others wait and find nothing pending.
 */
const ADMIN_URL = process.env.IT_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `warmpath_it_${randomBytes(6).toString('hex')}`;
const url = Object.assign(new URL(ADMIN_URL), { pathname: `/${name}` }).toString();

async function query<T>(connectionString: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

/** A slow migration with a data step that must run once (a second run would add a second row). */
class SlowBackfill1700000000000 implements MigrationInterface {
  name = 'SlowBackfill1700000000000';
  async up(db: QueryRunner): Promise<void> {
    await db.query('CREATE TABLE "pods"."runs" ("id" serial PRIMARY KEY)');
    await db.query('SELECT pg_sleep(0.5)');
    await db.query('INSERT INTO "pods"."runs" DEFAULT VALUES');
  }
  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE "pods"."runs"');
  }
}

beforeAll(async () => {
  await query(ADMIN_URL, `CREATE DATABASE "${name}"`);
});
afterAll(async () => {
  await query(ADMIN_URL, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
});

describe('migrateSchema', () => {
  it('runs a migration once when three pods start at the same moment, and all three come up', async () => {
    const options = { url, schema: 'pods', entities: [], migrations: [SlowBackfill1700000000000] };
    const pods = await Promise.allSettled([
      migrateSchema(options),
      migrateSchema(options),
      migrateSchema(options),
    ]);
    expect(pods.map((pod) => pod.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    expect(await query(url, 'SELECT count(*)::int AS n FROM "pods"."runs"')).toEqual([{ n: 1 }]);
    expect(await query(url, 'SELECT count(*)::int AS n FROM "pods"."migrations"')).toEqual([{ n: 1 }]);
  });
});
