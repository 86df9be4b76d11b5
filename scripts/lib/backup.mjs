// A backup of one Warmpath installation and its restore (docs/operations.md "Backup and
// restore"): the service schemas with pg_dump, the upload bucket's objects, and, on restore,
// Redis emptied of what it held about later data. `scripts/backup.mjs` is its command line.
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dumpPostgres, restorePostgres, SERVICE_SCHEMAS } from './backup-postgres.mjs';
import { clearRedisKeys } from './backup-redis.mjs';
import { exportUploads, importUploads } from './backup-uploads.mjs';

const FORMAT = 1;

/** Where the installation is, read from the environment the services read (same defaults). */
export function installationFromEnv(env = process.env) {
  return {
    databaseUrl: env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/warmpath',
    redisUrl: env.REDIS_URL || 'redis://127.0.0.1:6379',
    redisPrefix: env.REDIS_PREFIX ?? 'warmpath:',
    natsUrl: env.NATS_URL || 'nats://127.0.0.1:4222',
    natsPrefix: env.NATS_PREFIX ?? '',
    uploadTtlHours: Number(env.IMPORT_UPLOAD_TTL_HOURS || 24),
  };
}

/**
 * Writes a backup into `dir`: `postgres.dump` (custom format), `uploads/` (the bucket's objects
 * and their manifest) and `backup.json`. Safe while the services run: pg_dump reads one
 * consistent snapshot, and an upload that ends meanwhile is simply not in the copy.
 */
export async function backup(installation, dir, log = console.log, { postgres = true } = {}) {
  mkdirSync(dir, { recursive: true });
  const started = Date.now();
  const dump = join(dir, 'postgres.dump');
  if (postgres) {
    await dumpPostgres({ databaseUrl: installation.databaseUrl, file: dump, log });
    log(`postgres: schemas ${SERVICE_SCHEMAS.join(', ')} → ${dump} (${statSync(dump).size} bytes)`);
  } else log('postgres: left to the managed backups of the database');
  const uploads = await exportUploads({ ...installation, dir: join(dir, 'uploads') });
  log(`uploads: ${uploads} object(s) of the upload bucket → ${join(dir, 'uploads')}`);
  const schemas = postgres ? SERVICE_SCHEMAS : [];
  const summary = { format: FORMAT, createdAt: new Date().toISOString(), schemas, uploads };
  writeFileSync(join(dir, 'backup.json'), JSON.stringify(summary, null, 2));
  log(`backup written to ${dir} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return summary;
}

/**
 * Restores a backup over the installation. Every service must be stopped first (scaled to 0):
 * a service left running keeps caches of the data being replaced. Postgres is replaced in one
 * transaction (unless `postgres` is false: the database was restored with the provider's own
 * backups), then the upload bucket, then the installation's Redis keys are deleted (sessions
 * come back from the restored database, queues and snapshots are rebuilt).
 */
export async function restore(installation, dir, log = console.log, { postgres = true } = {}) {
  const started = Date.now();
  const summary = JSON.parse(readFileSync(join(dir, 'backup.json'), 'utf8'));
  if (summary.format !== FORMAT)
    throw new Error(`${dir} is a backup of format ${summary.format}, not ${FORMAT}`);
  if (postgres && summary.schemas.length === 0)
    throw new Error(
      `${dir} holds no database (taken with --without-postgres): restore with --without-postgres`,
    );
  if (postgres) {
    await restorePostgres({ databaseUrl: installation.databaseUrl, file: join(dir, 'postgres.dump'), log });
    log(`postgres: schemas ${summary.schemas.join(', ')} restored from the backup of ${summary.createdAt}`);
  } else log('postgres: left as it is (restored from the managed backups)');
  const uploads = await importUploads({
    ...installation,
    dir: join(dir, 'uploads'),
    ttlHours: installation.uploadTtlHours,
  });
  log(`uploads: ${uploads} object(s) put back into the upload bucket`);
  const keys = await clearRedisKeys({ redisUrl: installation.redisUrl, prefix: installation.redisPrefix });
  log(`redis: ${keys} key(s) under "${installation.redisPrefix}" deleted (rebuilt or restored on demand)`);
  log(`restored in ${((Date.now() - started) / 1000).toFixed(1)} s; start the services now`);
}
