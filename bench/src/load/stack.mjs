// The isolated stack a load run drives: its own database, Redis prefix and NATS prefix, started the
// way `npm start` starts it (scripts/lib/stack.mjs), and removed afterwards.
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropDatabase, ensureDatabase, ensureInfrastructure } from '../../../scripts/lib/infra.mjs';
import { freePort, startStack } from '../../../scripts/lib/stack.mjs';

/** Starts the stack with `extraEnv` on top of the production-like defaults; answers { url, env, stop }. */
export async function startLoadStack(extraEnv = {}) {
  const runId = `load${randomBytes(3).toString('hex')}`;
  const infra = await ensureInfrastructure({ log: () => undefined });
  const dbName = `warmpath_${runId}`;
  const env = {
    DATABASE_URL: await ensureDatabase(infra.postgresUrl, dbName),
    REDIS_URL: infra.redisUrl,
    NATS_URL: infra.natsUrl,
    NATS_PREFIX: runId,
    REDIS_PREFIX: `warmpath-${runId}:`,
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    ...extraEnv,
  };
  const logDir = join(tmpdir(), 'warmpath-bench', runId);
  const stack = await startStack({ env, port: await freePort(), logDir });
  return {
    runId,
    url: stack.url,
    env,
    logDir,
    async stop() {
      await stack.stop();
      await dropDatabase(infra.postgresUrl, dbName);
      const { Redis } = await import('ioredis');
      const redis = new Redis(env.REDIS_URL);
      const keys = await redis.keys(`${env.REDIS_PREFIX}*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
      await infra.stop();
    },
  };
}
