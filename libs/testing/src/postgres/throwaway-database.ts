import pg from 'pg';
import { randomBytes } from 'node:crypto';

const ADMIN_URL = process.env.IT_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A database of its own for one test file, on the real Postgres; dropped afterwards. */
export async function createThrowawayDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `warmpath_it_${randomBytes(6).toString('hex')}`;
  await runAsAdmin(`CREATE DATABASE "${name}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => runAsAdmin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

async function runAsAdmin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
