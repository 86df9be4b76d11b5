import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { importUploadBucket } from '@warmpath/contracts';
import { deleteRedisKeys } from '@warmpath/testing';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { present } from '../../support/present.js';
// eslint-disable-next-line @nx/enforce-module-boundaries -- scripts/ is tooling, not a project
import { dropDatabase, ensureDatabase, ensureInfrastructure, ROOT } from '../../../scripts/lib/infra.mjs';
// eslint-disable-next-line @nx/enforce-module-boundaries -- scripts/ is tooling, not a project
import * as currentStack from '../../../scripts/lib/stack.mjs';

/** A launcher module: this checkout's scripts/lib/stack.mjs, or the previous release's own. */
export type Launcher = typeof currentStack;
export { currentStack };

interface RunningStack {
  url: string;
  stop(): Promise<void>;
}

/**
 * One installation (database, Redis prefix, NATS prefix) that releases take turns to serve, as a
 * rolling deploy hands it from one release's pods to the other's: `serve(launcher)` starts every
 * service of that release against it and stops the one serving before.
 */
export class Installation {
  private running: RunningStack | null = null;
  private constructor(
    private readonly serverUrl: string,
    private readonly dbName: string,
    readonly env: Record<string, string>,
    private readonly stopInfra: () => Promise<void>,
  ) {}

  static async create(): Promise<Installation> {
    const runId = randomBytes(4).toString('hex');
    const infra = process.env.TEST_POSTGRES_URL ? null : await ensureInfrastructure({ log: () => undefined });
    const serverUrl = process.env.TEST_POSTGRES_URL ?? (infra?.postgresUrl as string);
    const dbName = `warmpath_upgrade_${runId}`;
    const env: Record<string, string> = {
      DATABASE_URL: await ensureDatabase(serverUrl, dbName),
      REDIS_URL: process.env.TEST_REDIS_URL ?? (infra?.redisUrl as string),
      NATS_URL: process.env.TEST_NATS_URL ?? (infra?.natsUrl as string),
      REDIS_PREFIX: `warmpath-upgrade-${runId}:`,
      NATS_PREFIX: `upgrade${runId}`,
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      ADMIN_PASSWORD: `upgrade-${runId}`,
      SCRYPT_LOG_N: '12',
      LOGIN_MAX_ATTEMPTS_PER_CLIENT: '100000',
      REGISTER_MAX_PER_CLIENT: '100000',
    };
    return new Installation(serverUrl, dbName, env, async () => void (await infra?.stop()));
  }

  /** Hands the installation to the release whose launcher this is; answers the gateway's URL. */
  async serve(launcher: Launcher, label: string): Promise<string> {
    await this.running?.stop();
    this.running = null;
    this.running = await launcher.startStack({
      env: this.env,
      port: await currentStack.freePort(),
      logDir: join(ROOT, '.test-results', `upgrade-logs-${this.env.NATS_PREFIX}`, label),
      healthTimeoutMs: 120_000,
    });
    return this.running.url;
  }

  async dispose(): Promise<void> {
    await this.running?.stop();
    await dropDatabase(this.serverUrl, this.dbName);
    await deleteRedisKeys(
      present(this.env.REDIS_URL, 'REDIS_URL'),
      present(this.env.REDIS_PREFIX, 'REDIS_PREFIX'),
    );
    const nc = await connect({ servers: this.env.NATS_URL });
    try {
      const streams = (await jetstreamManager(nc)).streams;
      await streams
        .delete(`OBJ_${importUploadBucket(present(this.env.NATS_PREFIX, 'NATS_PREFIX'))}`)
        .catch(() => false);
    } finally {
      await nc.close();
    }
    await this.stopInfra();
  }
}
