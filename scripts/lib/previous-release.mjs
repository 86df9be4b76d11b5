// The previous release's services, built from git for the upgrade test (docs/operations.md
// "Upgrading without downtime"): the commit named in infra/previous-release.json is extracted
// with `git archive` into .data/previous-release/<commit> and its services compiled there. With
// the same package-lock.json as today, its node_modules are links to this checkout's packages
// (its own @warmpath workspaces excepted); otherwise it gets an `npm install` of its own.
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './infra.mjs';

/** The previous release as infra/previous-release.json names it. */
export function previousReleaseCommit() {
  return JSON.parse(readFileSync(join(ROOT, 'infra', 'previous-release.json'), 'utf8')).commit;
}

function git(args, options = {}) {
  const out = spawnSync('git', args, {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    ...options,
  });
  if (out.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${out.stderr?.trim()}`);
  return out.stdout;
}

function extract(commit, dir) {
  const probe = spawnSync('git', ['cat-file', '-e', `${commit}^{commit}`], { cwd: ROOT });
  if (probe.status !== 0)
    throw new Error(
      `the previous release ${commit} is not in this clone (a shallow clone?): git fetch --unshallow, or fetch that commit`,
    );
  mkdirSync(dir, { recursive: true });
  const archive = spawnSync('sh', ['-c', `git archive --format=tar ${commit} | tar -x -C "${dir}"`], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  if (archive.status !== 0) throw new Error(`git archive ${commit} failed: ${archive.stderr}`);
}

/** The release's workspace packages (name → folder), which its node_modules must point to. */
function workspacePackages(dir) {
  const found = new Map();
  for (const parent of ['libs', 'services', 'tools']) {
    if (!existsSync(join(dir, parent))) continue;
    for (const name of readdirSync(join(dir, parent))) {
      const manifest = join(dir, parent, name, 'package.json');
      if (existsSync(manifest))
        found.set(JSON.parse(readFileSync(manifest, 'utf8')).name, join(dir, parent, name));
    }
  }
  return found;
}

/** node_modules of links: every package of this checkout's, the @warmpath ones to the release's own folders. */
function linkModules(dir) {
  const modules = join(dir, 'node_modules');
  mkdirSync(join(modules, '@warmpath'), { recursive: true });
  for (const entry of readdirSync(join(ROOT, 'node_modules'))) {
    if (entry === '@warmpath') continue;
    symlinkSync(join(ROOT, 'node_modules', entry), join(modules, entry));
  }
  for (const [name, folder] of workspacePackages(dir)) {
    if (name.startsWith('@warmpath/')) symlinkSync(folder, join(modules, name));
  }
}

function run(command, args, cwd, log) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) return resolve();
      log(output.slice(-4000));
      reject(new Error(`${command} ${args.join(' ')} exited ${code} in ${cwd}`));
    });
  });
}

/**
 * The root of the previous release with its services built (reused from an earlier run when its
 * build finished). Answers { root, commit, built: 'reused' | 'linked' | 'installed' }.
 */
export async function buildPreviousRelease(log = console.log) {
  const commit = previousReleaseCommit();
  const dir = join(ROOT, '.data', 'previous-release', commit);
  const done = join(dir, '.built');
  if (existsSync(done)) return { root: dir, commit, built: 'reused' };
  rmSync(dir, { recursive: true, force: true });
  log(`extracting the previous release ${commit.slice(0, 9)} into ${dir}`);
  extract(commit, dir);
  const sameLock =
    git(['show', `${commit}:package-lock.json`]) === readFileSync(join(ROOT, 'package-lock.json'), 'utf8');
  if (sameLock) linkModules(dir);
  else {
    log('its package-lock.json differs from this checkout: npm install of its own');
    await run('npm', ['install', '--no-audit', '--no-fund'], dir, log);
  }
  const tsc = join(sameLock ? ROOT : dir, 'node_modules', 'typescript', 'bin', 'tsc');
  const { ALL_SERVICES } = await previousStack(dir);
  const projects = ALL_SERVICES.map((name) => join('services', name, 'tsconfig.json'));
  log(`building ${ALL_SERVICES.join(', ')} of the previous release`);
  await run(process.execPath, [tsc, '-b', ...projects], dir, log);
  writeFileSync(done, new Date().toISOString());
  return { root: dir, commit, built: sameLock ? 'linked' : 'installed' };
}

/** The previous release's own launcher (scripts/lib/stack.mjs): it starts that release's services. */
export function previousStack(root) {
  return import(pathToFileURL(join(root, 'scripts', 'lib', 'stack.mjs')).href);
}
