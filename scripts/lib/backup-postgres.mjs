// Postgres side of a backup (docs/operations.md "Backup and restore"): pg_dump in its custom
// format of every service schema, and a restore that replaces those schemas in one transaction.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The schema of each service that owns data (auth, network, teams, import-worker). */
export const SERVICE_SCHEMAS = ['auth', 'network', 'teams', 'imports'];

const major = (versionText) => Number(/(\d+)(?:\.\d+)?/.exec(versionText)?.[1] ?? 0);

/** Major version of a pg_dump / pg_restore / psql binary ("pg_dump (PostgreSQL) 15.20" → 15). */
function toolMajor(path) {
  const out = spawnSync(path, ['--version'], { encoding: 'utf8' });
  return out.status === 0 ? major(out.stdout.replace(/^[^)]*\)/, '')) : 0;
}

/** Every installed copy of `tool`: the one on PATH and Debian's side-by-side majors. */
function candidates(tool) {
  const found = [];
  const onPath = spawnSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' });
  if (onPath.status === 0) found.push(onPath.stdout.trim());
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    for (const version of readdirSync(debian)) {
      const path = join(debian, version, 'bin', tool);
      if (existsSync(path)) found.push(path);
    }
  }
  return found;
}

function installClient(log) {
  const canApt =
    process.getuid?.() === 0 &&
    spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!canApt) return false;
  log('installing postgresql-client with apt-get...');
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  const result = spawnSync('apt-get', ['install', '-y', '-qq', 'postgresql-client'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status === 0;
}

async function serverMajor(connection) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: connection.url });
  await client.connect();
  try {
    const { rows } = await client.query('SHOW server_version_num');
    return Math.floor(Number(rows[0].server_version_num) / 10000);
  } finally {
    await client.end();
  }
}

/**
 * The pg_dump, pg_restore and psql to use with this server: a client at least as new as the
 * server (pg_dump refuses to dump a newer one). Installs Debian's postgresql-client when none is
 * there and we are root; otherwise the error says what to install.
 */
export async function postgresTools(connection, log = console.log) {
  if (candidates('pg_dump').length === 0) installClient(log);
  const server = await serverMajor(connection);
  const tools = {};
  for (const tool of ['pg_dump', 'pg_restore', 'psql']) {
    const usable = candidates(tool)
      .map((path) => ({ path, major: toolMajor(path) }))
      .filter((t) => t.major >= server)
      .sort((a, b) => a.major - b.major)[0];
    if (!usable) {
      const have = candidates(tool).map((path) => `${path} (${toolMajor(path)})`);
      throw new Error(
        `${tool} for a Postgres ${server} server is not installed` +
          (have.length ? `; found only ${have.join(', ')}` : '') +
          `. Install the Debian package "postgresql-client-${server}" (from apt.postgresql.org when Debian` +
          ` has no such version) or "postgresql-client", or use your provider's managed backups` +
          ' (docs/operations.md, "Backup and restore").',
      );
    }
    tools[tool] = usable.path;
  }
  return tools;
}

/** The URL without its password, and the password for PGPASSWORD (kept out of the process list). */
export function connectionOf(databaseUrl) {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: databaseUrl, bare: url.toString(), env: password ? { PGPASSWORD: password } : {} };
}

function run(command, args, env, stdin) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...env },
      stdio: [stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk) => (errors += chunk));
    child.stdout.resume();
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} exited ${code}: ${errors.trim()}`)),
    );
    stdin?.(child.stdin);
  });
}

/** Dumps every service schema (tables, data, sequences, the migrations tables) into `file`. */
export async function dumpPostgres({ databaseUrl, file, log = console.log }) {
  const connection = connectionOf(databaseUrl);
  const tools = await postgresTools(connection, log);
  const schemas = SERVICE_SCHEMAS.map((schema) => `--schema=${schema}`);
  await run(
    tools.pg_dump,
    [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      ...schemas,
      `--file=${file}`,
      `--dbname=${connection.bare}`,
    ],
    connection.env,
  );
}

/**
 * Replaces the service schemas with the dump's, in one transaction: each schema is dropped (with
 * whatever a later release added to it) and created again from the dump. COMMIT is sent only once
 * pg_restore has written the whole dump, so a failure on either side changes nothing. The
 * services' migrations then bring an older backup up to their release at boot.
 */
export async function restorePostgres({ databaseUrl, file, log = console.log }) {
  const connection = connectionOf(databaseUrl);
  const tools = await postgresTools(connection, log);
  const drops = SERVICE_SCHEMAS.map((schema) => `DROP SCHEMA IF EXISTS "${schema}" CASCADE;\n`).join('');
  let restoreFailure = null;
  await run(
    tools.psql,
    ['--quiet', '-v', 'ON_ERROR_STOP=1', `--dbname=${connection.bare}`],
    connection.env,
    (stdin) => {
      stdin.on('error', () => undefined); // psql stopped on an error: its exit code says so
      stdin.write(`BEGIN;\n${drops}`);
      const sql = spawn(tools.pg_restore, ['--no-owner', '--no-privileges', '--file=-', file], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let errors = '';
      sql.stderr.on('data', (chunk) => (errors += chunk));
      sql.stdout.pipe(stdin, { end: false });
      sql.once('close', (code) => {
        if (code === 0) return void stdin.end('COMMIT;\n');
        restoreFailure = new Error(`pg_restore exited ${code}: ${errors.trim()}`);
        stdin.end();
      });
    },
  );
  if (restoreFailure) throw restoreFailure;
}
