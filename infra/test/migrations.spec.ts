import { describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { contractProblems } from './migration-rules.js';
// The release script's plain ESM helper (the schema the previous release left, docs/operations.md).
// eslint-disable-next-line @nx/enforce-module-boundaries -- scripts/ is tooling, not a project
import { compatibleType, SERVICE_SCHEMAS } from '../../scripts/lib/schema-shape.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const release = JSON.parse(readFileSync(join(root, 'infra', 'previous-release.json'), 'utf8')) as {
  commit: string;
  migrations: Record<string, string>;
};

/** Every migration file of every service, as a path from the repository's root. */
function migrationFiles(): string[] {
  const services = join(root, 'services');
  return readdirSync(services).flatMap((service) => {
    const dir = join('services', service, 'src', 'database', 'migrations');
    if (!existsSync(join(root, dir))) return [];
    return readdirSync(join(root, dir))
      .filter((file) => /^\d+-.+\.ts$/.test(file))
      .map((file) => `${dir}/${file}`);
  });
}

const read = (path: string) => readFileSync(join(root, path), 'utf8');

/** A digest of a migration's code without its comments (as scripts/previous-release.mjs writes it). */
function migrationDigest(source: string): string {
  const file = ts.createSourceFile('migration.ts', source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const code = ts.createPrinter({ removeComments: true }).printFile(file);
  return createHash('sha256').update(code).digest('hex');
}
const alter = (sql: string) =>
  `export class M { async up(db) { await db.query(\`${sql}\`); } async down(db) {} }`;

describe('migrations and the previous release (infra/previous-release.json)', () => {
  it('keeps every migration the previous release shipped, unchanged', () => {
    const changed = Object.entries(release.migrations)
      .filter(([path, digest]) => !existsSync(join(root, path)) || migrationDigest(read(path)) !== digest)
      .map(([path]) => path);
    expect(changed).toEqual([]);
  });

  it('lets a comment of a shipped migration change, but not a statement', () => {
    const shipped = "export class M { async up(db) { await db.query('SELECT 1'); } }";
    expect(migrationDigest(`// why it exists\n${shipped}`)).toBe(migrationDigest(shipped));
    expect(migrationDigest(shipped.replace('SELECT 1', 'SELECT 2'))).not.toBe(migrationDigest(shipped));
  });

  it('adds only expand steps since then, or contract steps that say so', () => {
    const added = migrationFiles().filter((path) => !(path in release.migrations));
    const problems = added.flatMap((path) =>
      contractProblems(read(path)).map((problem) => `${path}: ${problem}`),
    );
    expect(problems).toEqual([]);
  });
});

describe('contractProblems', () => {
  it('passes what only expands: new tables, indexes, nullable columns, required ones with a default', () => {
    for (const sql of [
      'CREATE TABLE "teams"."notes" ("id" serial PRIMARY KEY, "body" text NOT NULL)',
      'CREATE INDEX "notes_body" ON "teams"."notes" ("body") WHERE "body" IS NOT NULL',
      'ALTER TABLE "auth"."users" ADD COLUMN "locale" varchar(10)',
      'ALTER TABLE "imports"."imports" ADD COLUMN "job_changes" int NOT NULL DEFAULT 0, ADD COLUMN "absent" int NOT NULL DEFAULT 0',
      'ALTER TABLE "network"."relationships" DROP CONSTRAINT IF EXISTS "relationships_source_id_fkey"',
      'ALTER TABLE "auth"."users" ALTER COLUMN "email" DROP NOT NULL',
    ])
      expect({ sql, problems: contractProblems(alter(sql)) }).toEqual({ sql, problems: [] });
  });

  it('names each statement that takes away or changes what the previous release uses', () => {
    const cases: [string, RegExp][] = [
      ['DROP TABLE "network"."relationships"', /drops a table/],
      ['ALTER TABLE "auth"."users" DROP COLUMN "picture"', /drops a column/],
      ['ALTER TABLE "auth"."users" DROP "picture"', /drops a column/],
      ['ALTER TABLE "auth"."users" RENAME COLUMN "picture" TO "avatar"', /renames/],
      ['ALTER TABLE "auth"."users" RENAME TO "accounts"', /renames/],
      ['ALTER TABLE "auth"."users" ALTER COLUMN "email" TYPE text', /type/],
      ['ALTER TABLE "auth"."users" ALTER COLUMN "email" SET NOT NULL', /required/],
      ['ALTER TABLE "auth"."users" ADD COLUMN "locale" varchar(10) NOT NULL', /without a default/],
    ];
    for (const [sql, why] of cases) expect(contractProblems(alter(sql)).join('\n')).toMatch(why);
  });

  it('flags the contract step this repository once shipped (company links derived on read)', () => {
    const problems = contractProblems(
      read('services/network/src/database/migrations/1763900000003-derive-company-links.ts'),
    );
    expect(problems).toEqual([
      expect.stringMatching(
        /^drops a table the previous release may use: DROP TABLE "network"."relationships"/,
      ),
    ]);
  });

  it('passes a contract step declared as one', () => {
    const source = `// Contract step: the previous release no longer reads "picture".\n${alter('ALTER TABLE "auth"."users" DROP COLUMN "picture"')}`;
    expect(contractProblems(source)).toEqual([]);
  });
});

describe('the service schemas the previous release is recorded for', () => {
  it('names the schema of every service that migrates one, as its app module does', () => {
    const services = readdirSync(join(root, 'services')).filter((service) =>
      existsSync(join(root, 'services', service, 'src', 'database', 'migrations', 'index.ts')),
    );
    const schemaOf = (service: string) =>
      /\bschema: '(\w+)'/.exec(read(`services/${service}/src/app.module.ts`))?.[1];
    expect(SERVICE_SCHEMAS).toEqual(Object.fromEntries(services.map((s) => [s, schemaOf(s)])));
  });
});

describe('compatibleType', () => {
  it('accepts the same type, a longer or unbounded varchar, text, a wider integer', () => {
    for (const [before, after] of [
      ['timestamp with time zone', 'timestamp with time zone'],
      ['character varying(50)', 'character varying(100)'],
      ['character varying(50)', 'character varying'],
      ['character varying(50)', 'text'],
      ['smallint', 'integer'],
      ['integer', 'bigint'],
    ])
      expect({ before, after, ok: compatibleType(before, after) }).toEqual({ before, after, ok: true });
  });

  it('refuses a shorter varchar, a narrower integer, another kind of value', () => {
    for (const [before, after] of [
      ['character varying(100)', 'character varying(50)'],
      ['character varying', 'character varying(50)'],
      ['text', 'character varying(50)'],
      ['bigint', 'integer'],
      ['integer', 'text'],
      ['timestamp with time zone', 'timestamp without time zone'],
    ])
      expect({ before, after, ok: compatibleType(before, after) }).toEqual({ before, after, ok: false });
  });
});
