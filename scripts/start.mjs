// `npm start`: one command on a fresh machine (docs/architecture.md#running-it).
// Installs what is missing, builds, finds or starts Postgres/Redis/NATS, starts every service
// with prefixed logs, waits for /api/health and prints the URL. Ctrl-C stops what it started.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname.replace(/\/$/, '');
const started = Date.now();
const log = (message) => console.log(`[warmpath] ${message}`);
const localNode = join(ROOT, 'node_modules', '.bin', 'node');

// 1. Dependencies (the project brings its own Node 22 from the npm registry).
if (!existsSync(localNode)) {
  log('installing dependencies (npm install)...');
  const install = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: ROOT, stdio: 'inherit' });
  if (install.status !== 0) process.exit(install.status ?? 1);
}
if (process.versions.node.split('.')[0] < 22 && existsSync(localNode)) {
  // Re-run under the project's Node (npm start on a machine whose node is older).
  const result = spawnSync(localNode, process.argv.slice(1), { stdio: 'inherit' });
  process.exit(result.status ?? 1);
}

const { ensureDatabase, ensureInfrastructure, isListening } = await import('./lib/infra.mjs');
const { startStack } = await import('./lib/stack.mjs');
const { startDevInbox } = await import('./lib/mail.mjs');

// 2. Build (Nx caches it: a second start only rebuilds what changed).
log('building...');
const build = spawnSync(
  join(ROOT, 'node_modules', '.bin', 'nx'),
  ['run-many', '-t', 'build', '--output-style=static'],
  {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NX_NO_CLOUD: 'true', NX_DAEMON: 'false' },
  },
);
if (build.status !== 0) {
  log('the build failed: run `npx nx run-many -t build` to see why');
  process.exit(1);
}
const afterBuild = Date.now();

// 3. Infrastructure and configuration.
const infra = await ensureInfrastructure({ log });
const databaseUrl = process.env.DATABASE_URL ?? (await ensureDatabase(infra.postgresUrl, 'warmpath'));
const env = {
  DATABASE_URL: databaseUrl,
  REDIS_URL: infra.redisUrl,
  NATS_URL: infra.natsUrl,
  ADMIN_PASSWORD: process.env.ADMIN_PASSWORD ?? adminPassword(),
};
const port = Number(process.env.PORT ?? 3000);
if (await isListening(port)) {
  log(`port ${port} is already in use (another Warmpath running?): stop it, or set PORT to another port`);
  await infra.stop();
  process.exit(1);
}
// Invitation links point at this app; mails go to SMTP_URL, else to a local development inbox.
env.PUBLIC_URL = process.env.PUBLIC_URL ?? `http://127.0.0.1:${port}`;
const inbox = process.env.SMTP_URL
  ? null
  : await startDevInbox({ mailDirectory: join(ROOT, '.data', 'maildev') });
env.SMTP_URL = process.env.SMTP_URL ?? inbox.smtpUrl;

// 4. Services.
let stack;
const shutdown = async (code = 0) => {
  log('stopping...');
  await stack?.stop();
  await inbox?.stop();
  await infra.stop();
  process.exit(code);
};
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());
try {
  stack = await startStack({
    env,
    port,
    onExit: (name, code, signal) =>
      log(`${name} exited unexpectedly (${code ?? signal}); the others keep running`),
    onRestart: (name, delayMs, crashes) =>
      log(`restarting ${name} in ${(delayMs / 1000).toFixed(0)} s (quick exit #${crashes} in a row)`),
  });
} catch (error) {
  log(error.message);
  await shutdown(1);
}
log(
  `build ${((afterBuild - started) / 1000).toFixed(1)} s, start ${((Date.now() - afterBuild) / 1000).toFixed(1)} s`,
);
log(
  `ready: ${stack.url}  (admin password: ${process.env.ADMIN_PASSWORD ? 'from ADMIN_PASSWORD' : '.data/admin-password'}; Ctrl-C to stop)`,
);
log(
  inbox
    ? `mail:  ${inbox.webUrl}  (development inbox: invitation e-mails land here, SMTP ${inbox.smtpUrl})`
    : 'mail:  sent through SMTP_URL',
);

/** A generated admin password kept in .data/, so a first start needs no configuration. */
function adminPassword() {
  const file = join(ROOT, '.data', 'admin-password');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(join(ROOT, '.data'), { recursive: true });
  const password = randomBytes(12).toString('base64url');
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return password;
}
