// Names the release a rolling deploy upgrades from (docs/operations.md "Upgrading without
// downtime"): `node scripts/previous-release.mjs <commit>` writes infra/previous-release.json with
// the commit and every migration it shipped (with a digest of each file's code, comments left
// out, so a comment may be reworded but not a statement). Run it when a release
// goes out; the migration check (infra/test/migrations.spec.ts) and `npm run test:upgrade` read it.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { ROOT } from './lib/infra.mjs';

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
const file = join(ROOT, 'infra', 'previous-release.json');
writeFileSync(file, `${JSON.stringify({ commit, migrations }, null, 2)}\n`);
console.log(`${file}: ${commit}, ${files.length} migrations`);
