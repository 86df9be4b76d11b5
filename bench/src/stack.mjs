// The stack every benchmark drives: all services started the way `npm start` starts them
// (scripts/lib/stack.mjs), production mode, on a fresh database and their own NATS and Redis key
// prefixes, so a run neither sees nor leaves anything of another. Also the few things every bench
// does against it over HTTP: register users, import a file.
import { importUploadBucket } from '@warmpath/contracts';
import { deleteRedisKeys } from '@warmpath/testing';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropDatabase, ensureDatabase, ensureInfrastructure } from '../../scripts/lib/infra.mjs';
import { ALL_SERVICES, freePort, startStack } from '../../scripts/lib/stack.mjs';

/**
 * Starts the stack and waits until GET /api/health answers. `label` starts the run id (which names
 * the database, the prefixes and the log folder); `env` goes on top of the defaults.
 * Answers { runId, url, env, database, logDir, pids(), stop() }; stop() stops the services and removes the
 * database, the Redis keys and the upload bucket the run made.
 * @param {{ label?: string, env?: Record<string, string>, log?: (line: string) => void }} [options]
 */
export async function startBenchStack({ label = 'bench', env: extraEnv = {}, log = () => undefined } = {}) {
  const runId = `${label}${randomBytes(3).toString('hex')}`;
  const infra = await ensureInfrastructure({ log });
  const dbName = `warmpath_${runId}`;
  const env = {
    DATABASE_URL: await ensureDatabase(infra.postgresUrl, dbName),
    REDIS_URL: infra.redisUrl,
    NATS_URL: infra.natsUrl,
    NATS_PREFIX: runId,
    REDIS_PREFIX: `warmpath-${runId}:`,
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    ADMIN_PASSWORD: `bench-${runId}`,
    ...extraEnv,
  };
  const logDir = join(tmpdir(), 'warmpath-bench', runId);
  const cleanUp = async () => {
    await dropDatabase(infra.postgresUrl, dbName).catch(warn('database'));
    await deleteRedisKeys(env.REDIS_URL, env.REDIS_PREFIX).catch(warn('Redis keys'));
    await deleteUploadBucket(env.NATS_URL, runId).catch(warn('upload bucket'));
    await infra.stop();
  };
  let stack;
  try {
    // Start-up on a machine other runs keep busy can take minutes: wait longer than `npm start`.
    stack = await startStack({ env, port: await freePort(), logDir, healthTimeoutMs: 300_000 });
  } catch (error) {
    await cleanUp();
    throw error;
  }
  log(`stack ${runId} at ${stack.url} (logs: ${logDir})`);
  return {
    runId,
    url: stack.url,
    env,
    database: dbName,
    logDir,
    /** Each service's process id, by name. */
    pids: () => Object.fromEntries(ALL_SERVICES.map((name) => [name, stack.pidOf(name)])),
    async stop() {
      await stack.stop();
      await cleanUp();
    },
  };
}

const warn = (what) => (error) => process.stderr.write(`[bench] cleanup of ${what}: ${error.message}\n`);

/** The run's JetStream Object Store bucket for uploads (its stream `OBJ_<bucket>`). */
async function deleteUploadBucket(natsUrl, natsPrefix) {
  const { connect } = await import('@nats-io/transport-node');
  const { jetstreamManager } = await import('@nats-io/jetstream');
  const nc = await connect({ servers: natsUrl });
  try {
    await (
      await jetstreamManager(nc)
    ).streams
      .delete(`OBJ_${importUploadBucket(natsPrefix)}`)
      .catch(() => false);
  } finally {
    await nc.close();
  }
}

/**
 * Registers a user through the API. Answers their id, username, password, e-mail and the session
 * cookie to send. On a busy machine the password hash may not start in time (503, 504): then again,
 * under another name (a 504'd registration may still have gone through).
 */
export async function registerUser(baseUrl, label = 'user', attempts = 5) {
  for (let attempt = 1; ; attempt += 1) {
    const username = `${label}_${randomBytes(4).toString('hex')}`;
    const password = `pw-${username}`;
    const email = `${username}@example.org`;
    const response = await fetch(`${baseUrl}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username,
        firstName: 'Bench',
        lastName: label,
        email,
        password,
        confirmPassword: password,
      }),
    });
    if (response.status === 201) {
      const cookie = response.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      return { userId: (await response.json()).id, username, password, email, cookie };
    }
    const body = await response.text();
    if (attempt >= attempts || ![503, 504].includes(response.status))
      throw new Error(`register answered ${response.status}: ${body}`);
    await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
  }
}

/**
 * Imports a CSV as a signed-in user: uploads it with `Prefer: respond-async` (202), then polls the
 * import until it ends. Answers the final status; throws when the import failed.
 */
export async function importCsv(baseUrl, cookie, csv, { pollMs = 250, filename = 'Connections.csv' } = {}) {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), filename);
  const response = await fetch(`${baseUrl}/api/network/import/authenticated`, {
    method: 'POST',
    headers: { cookie, prefer: 'respond-async' },
    body: form,
  });
  if (response.status !== 202)
    throw new Error(`import answered ${response.status}: ${await response.text()}`);
  const { statusUrl } = await response.json();
  for (;;) {
    const status = await (await fetch(new URL(statusUrl, baseUrl), { headers: { cookie } })).json();
    if (status.state === 'completed') return status;
    if (status.state === 'failed') throw new Error(`import failed: ${JSON.stringify(status.error)}`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
