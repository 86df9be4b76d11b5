import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import { insertPeople, linkCounts, openNetworkDatabase } from './network-database.testing.js';
import { createThrowawayDatabase } from '@warmpath/testing';

// Migration 1763900000003 on a database holding stored links, as the previous release left it.

const BEFORE_DERIVED_LINKS = 3;

let url: string;
let dropDatabase: () => Promise<void>;
let dataSource: DataSource | undefined;

beforeAll(async () => {
  const database = await createThrowawayDatabase();
  url = database.url;
  dropDatabase = database.drop;
});

afterAll(async () => {
  await dataSource?.destroy();
  await dropDatabase?.();
});

async function storeLinks(db: DataSource, ownerUserId: number, ids: string[], company: string | null) {
  const [first, ...others] = ids;
  for (const other of others) {
    await db.query(
      `INSERT INTO network.relationships (owner_user_id, source_id, target_id, type, strength, company, company_key)
       VALUES ($1, $2, $3, 'company-role', 150, $4::varchar, lower($4::varchar))`,
      [ownerUserId, first, other, company],
    );
  }
}

const exists = async (db: DataSource, sql: string): Promise<boolean> =>
  ((await db.query(sql)) as { found: boolean }[])[0]?.found ?? false;
const TABLE_SQL = (name: string) => `SELECT to_regclass('network.${name}') IS NOT NULL AS found`;
const TRIGGER_SQL = `SELECT EXISTS (SELECT 1 FROM pg_trigger WHERE tgname = 'connections_delete_links') AS found`;

describe('migration 1763900000003 (derive company links)', () => {
  it('counts the stored links per owner and company, then drops them, their trigger and function', async () => {
    const old = await openNetworkDatabase(url, BEFORE_DERIVED_LINKS);
    const person = (firstName: string, company: string) => ({ firstName, company, position: 'Engineer' });
    const seven = await insertPeople(
      old,
      7,
      ['a', 'b', 'c', 'd'].map((n) => person(n, 'Acme')),
    );
    const globex = await insertPeople(
      old,
      7,
      ['e', 'f'].map((n) => person(n, 'Globex')),
    );
    const eight = await insertPeople(
      old,
      8,
      ['a', 'b'].map((n) => person(n, 'Acme')),
    );
    await storeLinks(old, 7, seven, 'Acme');
    await storeLinks(old, 7, globex, 'Globex');
    await storeLinks(old, 8, eight, 'Acme');
    await storeLinks(old, 8, eight, null); // no company key: nothing to count it under
    await old.destroy();

    dataSource = await openNetworkDatabase(url);
    expect(await linkCounts(dataSource, 7)).toEqual({ acme: 3, globex: 1 });
    expect(await linkCounts(dataSource, 8)).toEqual({ acme: 1 });
    expect(await exists(dataSource, TABLE_SQL('relationships'))).toBe(false);
    expect(await exists(dataSource, TRIGGER_SQL)).toBe(false);
    expect(
      await exists(
        dataSource,
        `SELECT EXISTS (SELECT 1 FROM pg_proc WHERE proname = 'delete_links_of_deleted_people') AS found`,
      ),
    ).toBe(false);
    // People can be deleted without the old trigger's table.
    await dataSource.query(`DELETE FROM network.connections WHERE owner_user_id = 8`);
  });

  it('goes down to an empty links table whose trigger deletes the links of deleted people', async () => {
    if (!dataSource) throw new Error('the migration did not run');
    // Later migrations first, down to this one.
    while (
      (await dataSource.query(`SELECT max(timestamp)::text AS last FROM network.migrations`))[0]?.last !==
      '1763900000003'
    )
      await dataSource.undoLastMigration();
    await dataSource.undoLastMigration();
    expect(await exists(dataSource, TABLE_SQL('company_link_counts'))).toBe(false);
    expect(await dataSource.query(`SELECT count(*)::int AS count FROM network.relationships`)).toEqual([
      { count: 0 },
    ]);
    expect(await exists(dataSource, TRIGGER_SQL)).toBe(true);
    const [ana, ben] = await insertPeople(dataSource, 9, [
      { firstName: 'Ana', company: 'Acme', position: 'Engineer' },
      { firstName: 'Ben', company: 'Acme', position: 'Engineer' },
    ]);
    await storeLinks(dataSource, 9, [ana as string, ben as string], 'Acme');
    await dataSource.query(`DELETE FROM network.connections WHERE id = $1`, [ben]);
    expect(await dataSource.query(`SELECT count(*)::int AS count FROM network.relationships`)).toEqual([
      { count: 0 },
    ]);
  });
});
