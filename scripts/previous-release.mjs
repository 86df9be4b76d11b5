// Names the release a rolling deploy upgrades from (docs/operations.md "Upgrading without
// downtime"): `node scripts/previous-release.mjs <commit>` writes infra/previous-release.json with
// the commit, every migration it shipped (with a digest of each file's code, comments left
// out, so a comment may be reworded but not a statement) and the schema those migrations make
// (each service's tables and columns, read from a scratch database migrated to that release).
// Run it when a release goes out; the migration checks (infra/test/migrations.spec.ts,
// infra/test/integration/previous-schema.integration-spec.ts) and `npm run test:upgrade` read it.
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { dropDatabase, ensureDatabase, ensureInfrastructure, ROOT } from './lib/infra.mjs';
import { readSchemaShape, SERVICE_SCHEMAS } from './lib/schema-shape.mjs';

const git = (...args) => {
  const out = spawnSync('git', args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (out.status !== 0) throw new Error(`git ${args.join(' ')}: ${out.stderr.trim()}`);
  return out.stdout;
};

/** A digest of a migration's code without its comments (the same as infra/test/migrations.spec.ts). */
function migrationDigest(source) {
  const file = ts.createSourceFile('migration.ts', source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const code = ts.createPrinter({ removeComments: true }).printFile(file);
  return createHash('sha256').update(code).digest('hex');
}

const [ref] = process.argv.slice(2);
if (!ref) {
  console.error('usage: node scripts/previous-release.mjs <commit or tag>');
  process.exit(2);
}
const commit = git('rev-parse', '--verify', `${ref}^{commit}`).trim();
const files = git('ls-tree', '-r', '--name-only', commit, '--', 'services')
  .split('\n')
  .filter((path) => /^services\/[^/]+\/src\/database\/migrations\/\d+-[^/]+\.ts$/.test(path));
const migrations = Object.fromEntries(
  files.map((path) => [path, migrationDigest(git('show', `${commit}:${path}`))]),
);
const schema = await releaseSchema(commit);
const file = join(ROOT, 'infra', 'previous-release.json');
// A column to a line where it fits (prettier keeps what fits, and `npm test` checks the format).
const json = JSON.stringify({ commit, migrations, schema }, null, 2).replace(
  /\{\n\s+("type": [^\n]+)\n\s+("nullable": [^\n]+)\n\s+("default": [^\n]+)\n\s+\}/g,
  '{ $1 $2 $3 }',
);
const prettier = await import('prettier');
writeFileSync(file, await prettier.format(json, { ...(await prettier.resolveConfig(file)), filepath: file }));
const tables = Object.values(schema).reduce((sum, t) => sum + Object.keys(t).length, 0);
console.log(`${file}: ${commit}, ${files.length} migrations, ${tables} tables`);

/**
 * The schema the release's migrations make: each service's migrations (its migrations/index.ts at
 * that commit, compiled to JavaScript under .data/) run with TypeORM into the service's schema of
 * a scratch database, which is read and dropped.
 */
async function releaseSchema(commit) {
  const { DataSource } = await import('typeorm');
  const { default: pg } = await import('pg');
  const build = join(ROOT, '.data', 'previous-release-schema', commit);
  rmSync(build, { recursive: true, force: true });
  const infra = await ensureInfrastructure({ log: (m) => console.log(`[infra] ${m}`) });
  const name = `warmpath_release_schema_${randomBytes(4).toString('hex')}`;
  const url = await ensureDatabase(infra.postgresUrl, name);
  try {
    for (const [service, schema] of Object.entries(SERVICE_SCHEMAS)) {
      const dir = `services/${service}/src/database/migrations`;
      const paths = git('ls-tree', '-r', '--name-only', commit, '--', dir).split('\n').filter(Boolean);
      if (!paths.includes(`${dir}/index.ts`)) continue; // the service had no database then
      for (const path of paths) {
        const { outputText } = ts.transpileModule(git('show', `${commit}:${path}`), {
          compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 },
        });
        const out = join(build, path.replace(/\.ts$/, '.js'));
        mkdirSync(dirname(out), { recursive: true });
        writeFileSync(out, outputText);
      }
      writeFileSync(join(build, 'package.json'), '{ "type": "module" }\n');
      const { migrations } = await import(pathToFileURL(join(build, dir, 'index.js')).href);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`).finally(() => client.end());
      const db = new DataSource({
        type: 'postgres',
        url,
        schema,
        migrations,
        migrationsTableName: 'migrations',
      });
      await db.initialize();
      try {
        await db.runMigrations();
      } finally {
        await db.destroy();
      }
    }
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await readSchemaShape(client, Object.values(SERVICE_SCHEMAS));
    } finally {
      await client.end();
    }
  } finally {
    await dropDatabase(infra.postgresUrl, name);
    await infra.stop();
    rmSync(build, { recursive: true, force: true });
  }
}
