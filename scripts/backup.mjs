// npm run backup [-- <dir>] / npm run restore -- <dir> --yes (docs/operations.md "Backup and
// restore"). Reads DATABASE_URL, REDIS_URL, REDIS_PREFIX, NATS_URL, NATS_PREFIX as the services do.
import { join } from 'node:path';
import { backup, installationFromEnv, restore } from './lib/backup.mjs';
import { SERVICE_SCHEMAS } from './lib/backup-postgres.mjs';
import { ROOT } from './lib/infra.mjs';

const USAGE = `usage:
  node scripts/backup.mjs backup [<dir>] [--without-postgres]       (default: backups/warmpath-<time>)
  node scripts/backup.mjs restore <dir> --yes [--without-postgres]  (stop every service first)
--without-postgres: the database is left to the provider's managed backups (docs/operations.md).`;

const [command, ...rest] = process.argv.slice(2);
const log = (message) => console.log(`[${command}] ${message}`);
const dirArg = rest.find((arg) => !arg.startsWith('--'));
const options = { postgres: !rest.includes('--without-postgres') };

try {
  const installation = installationFromEnv();
  if (command === 'backup') {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    await backup(installation, dirArg ?? join(ROOT, 'backups', `warmpath-${stamp}`), log, options);
  } else if (command === 'restore' && dirArg) {
    if (!rest.includes('--yes')) {
      console.error(
        `restore replaces the schemas ${SERVICE_SCHEMAS.join(', ')} of ${new URL(installation.databaseUrl).pathname.slice(1)},` +
          ' the upload bucket and every Redis key under REDIS_PREFIX. Stop every service, then run it again with --yes.',
      );
      process.exit(2);
    }
    await restore(installation, dirArg, log, options);
  } else {
    console.error(USAGE);
    process.exit(2);
  }
} catch (error) {
  console.error(`[${command}] failed: ${error.message}`);
  process.exit(1);
}
