import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { migrateSchema } from '@warmpath/server-kit';
import { createThrowawayDatabase } from '@warmpath/testing';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
// The release script's plain ESM helper, so the test reads the schema as the recording did.
// eslint-disable-next-line @nx/enforce-module-boundaries -- scripts/ is tooling, not a project
import { readSchemaShape, schemaProblems, SERVICE_SCHEMAS } from '../../../scripts/lib/schema-shape.mjs';

/**
 * Today's migrations keep the previous release's schema usable (docs/operations.md "Upgrading
 * without downtime"): a fresh database migrated by every service's migrations still has each table
 * and column infra/previous-release.json recorded for that release, with a compatible type, and
 * nothing the previous release's inserts would leave out is required.
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const release = JSON.parse(readFileSync(join(root, 'infra', 'previous-release.json'), 'utf8')) as {
  commit: string;
  migrations: Record<string, string>;
  schema: Parameters<typeof schemaProblems>[0];
};
const SCHEMAS = Object.values(SERVICE_SCHEMAS);

type Migration = (new () => unknown) & { name: string };
type Database = { url: string; drop: () => Promise<void> };

/** The timestamps of the migrations the previous release shipped for `service`. */
function shippedBy(service: string): Set<string> {
  return new Set(
    Object.keys(release.migrations)
      .filter((path) => path.startsWith(`services/${service}/`))
      .map((path) => /\/(\d+)-[^/]+\.ts$/.exec(path)?.[1]),
  );
}

/** A fresh database migrated as each service does at boot (libs/server-kit), with `which` of its migrations. */
async function migrated(which: (service: string, migration: Migration) => boolean): Promise<Database> {
  const database = await createThrowawayDatabase();
  for (const [service, schema] of Object.entries(SERVICE_SCHEMAS)) {
    const index = join(root, 'services', service, 'src', 'database', 'migrations', 'index.ts');
    const { migrations } = (await import(pathToFileURL(index).href)) as { migrations: Migration[] };
    const chosen = migrations.filter((migration) => which(service, migration));
    await migrateSchema({ url: database.url, schema, entities: [], migrations: chosen });
  }
  return database;
}

async function shapeOf(url: string) {
  const reader = new pg.Client({ connectionString: url });
  await reader.connect();
  try {
    return await readSchemaShape(reader, SCHEMAS);
  } finally {
    await reader.end();
  }
}

let today: Database;
let client: pg.Client;

beforeAll(async () => {
  today = await migrated(() => true);
  client = new pg.Client({ connectionString: today.url });
  await client.connect();
}, 120_000);

afterAll(async () => {
  await client?.end();
  await today?.drop();
});

/** The problems `statements` would cause, read inside a transaction that is then rolled back. */
async function problemsAfter(statements: string[]): Promise<string[]> {
  await client.query('BEGIN');
  try {
    for (const sql of statements) await client.query(sql);
    return schemaProblems(release.schema, await readSchemaShape(client, SCHEMAS));
  } finally {
    await client.query('ROLLBACK');
  }
}

describe('the previous release on a database migrated by today (infra/previous-release.json)', () => {
  it('has recorded the schema its shipped migrations make, for every service database', async () => {
    for (const schema of SCHEMAS) expect(Object.keys(release.schema[schema] ?? {})).not.toEqual([]);
    // Those migrations are today's files unchanged (infra/test/migrations.spec.ts checks it).
    const previous = await migrated((service, migration) =>
      shippedBy(service).has(/(\d+)$/.exec(migration.name)?.[1]),
    );
    try {
      expect(await shapeOf(previous.url)).toEqual(release.schema);
    } finally {
      await previous.drop();
    }
  }, 120_000);

  it('still finds every table and column it uses, and can leave out what was added since', async () => {
    expect(schemaProblems(release.schema, await readSchemaShape(client, SCHEMAS))).toEqual([]);
  });

  it('names what a contracting migration takes away or makes required', async () => {
    expect(
      await problemsAfter([
        'DROP TABLE "auth"."sessions"',
        'ALTER TABLE "auth"."users" DROP COLUMN "avatar_url"',
        'ALTER TABLE "auth"."users" ALTER COLUMN "first_name" TYPE varchar(50)',
        'ALTER TABLE "auth"."users" ALTER COLUMN "password_hash" SET NOT NULL',
        'ALTER TABLE "auth"."users" ALTER COLUMN "created_at" DROP DEFAULT',
        'ALTER TABLE "auth"."users" ADD COLUMN "locale" varchar(10) NOT NULL',
        'ALTER TABLE "teams"."workspaces" RENAME COLUMN "name" TO "title"',
      ]),
    ).toEqual([
      'auth.sessions: the table is gone',
      'auth.users.first_name: its type character varying(100) became character varying(50)',
      'auth.users.avatar_url: the column is gone',
      'auth.users.password_hash: it became NOT NULL',
      'auth.users.created_at: it lost its default (now())',
      "auth.users.locale: added NOT NULL without a default; the previous release's inserts leave it out",
      'teams.workspaces.name: the column is gone',
      "teams.workspaces.title: added NOT NULL without a default; the previous release's inserts leave it out",
    ]);
  });

  it('passes a migration that only expands', async () => {
    expect(
      await problemsAfter([
        'CREATE TABLE "auth"."devices" ("id" serial PRIMARY KEY, "name" text NOT NULL)',
        'ALTER TABLE "auth"."users" ADD COLUMN "locale" varchar(10)',
        `ALTER TABLE "auth"."users" ADD COLUMN "theme" varchar(10) NOT NULL DEFAULT 'light'`,
        'ALTER TABLE "auth"."users" ADD COLUMN "seq" bigint GENERATED ALWAYS AS IDENTITY',
        'ALTER TABLE "auth"."users" ALTER COLUMN "first_name" TYPE varchar(200)',
        'ALTER TABLE "auth"."users" ALTER COLUMN "email" DROP NOT NULL',
        'ALTER TABLE "auth"."identities" ALTER COLUMN "email" TYPE text',
      ]),
    ).toEqual([]);
  });
});
