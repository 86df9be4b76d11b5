import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
// The launcher's plain ESM helpers (typed through JSDoc), so tests start the stack exactly as `npm start` does.
// eslint-disable-next-line @nx/enforce-module-boundaries -- scripts/ is tooling, not a project
import { dropDatabase, ensureDatabase, ensureInfrastructure, ROOT } from '../../scripts/lib/infra.mjs';
// eslint-disable-next-line @nx/enforce-module-boundaries -- scripts/ is tooling, not a project
import { freePort, startStack } from '../../scripts/lib/stack.mjs';
// eslint-disable-next-line @nx/enforce-module-boundaries -- scripts/ is tooling, not a project
import { startDevInbox } from '../../scripts/lib/mail.mjs';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { importUploadBucket } from '@warmpath/contracts';
import { deleteRedisKeys } from '@warmpath/testing';
import { ExtraGateways } from './extra-gateways.js';

interface Stack {
  url: string;
  stop(): Promise<void>;
  stopService(name: string): Promise<void>;
  startService(name: string, env?: Record<string, string>): void;
}

export const ADMIN_PASSWORD = 'admin-e2e-password';

/**
 * Starts the whole stack once for the e2e run, isolated from any other run on the same servers:
 * its own database, Redis key prefix and NATS subject prefix. Tests find it through
 * WARMPATH_URL, and can stop/start a service through WARMPATH_CONTROL_URL.
 */
export default async function globalSetup() {
  const runId = process.env.WARMPATH_RUN_ID ?? randomBytes(4).toString('hex');
  const infra = await ensureInfrastructure({ log: () => undefined });
  const dbName = `warmpath_e2e_${runId}`;
  // A real SMTP server with a REST API (maildev, in memory): tests read the mails it receives.
  const inbox = await startDevInbox({ smtpPort: 0, webPort: 0 });
  const port = await freePort();
  const env: Record<string, string> & { REDIS_PREFIX: string; NATS_PREFIX: string } = {
    DATABASE_URL: await ensureDatabase(infra.postgresUrl, dbName),
    REDIS_URL: infra.redisUrl,
    NATS_URL: infra.natsUrl,
    NATS_PREFIX: `e2e${runId}`,
    REDIS_PREFIX: `warmpath-e2e-${runId}:`,
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    ADMIN_PASSWORD,
    SCRYPT_LOG_N: '12',
    // Every e2e request comes from 127.0.0.1: the per-username limits are what most tests exercise
    // (e2e/api/office-sign-in.spec.ts runs the gateway with the defaults).
    LOGIN_MAX_FAILURES_PER_CLIENT: '100000',
    // Likewise for wrong invitation codes: the per-account limit is the one tested.
    JOIN_CODE_MAX_FAILURES_PER_CLIENT: '100000',
    SMTP_URL: inbox.smtpUrl,
    // The test inbox can say whether a Message-ID arrived: a send cut off by a crash is checked.
    MAIL_DELIVERY_CHECK_URL: inbox.webUrl,
    MAIL_FROM: 'Warmpath <no-reply@warmpath.test>',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    REGISTER_MAX_PER_CLIENT: '100000',
    IMPORT_PREVIEW_MAX_PER_CLIENT: '100000',
  };
  const logDir = join(ROOT, '.test-results', `e2e-logs-${runId}`);
  const stack: Stack = await startStack({ env, port, logDir });
  const gateways = new ExtraGateways(ROOT, logDir);
  const control = await startControlServer(stack, env, gateways);
  process.env.WARMPATH_URL = stack.url;
  process.env.WARMPATH_CONTROL_URL = control.url;
  process.env.WARMPATH_ADMIN_PASSWORD = ADMIN_PASSWORD;
  process.env.WARMPATH_MAIL_URL = inbox.webUrl;
  process.env.WARMPATH_TEST_ENV = JSON.stringify(env);

  return async () => {
    await gateways.stopAll();
    await stack.stop();
    await inbox.stop();
    control.server.close();
    await dropDatabase(infra.postgresUrl, dbName);
    await deleteRedisKeys(infra.redisUrl, env.REDIS_PREFIX);
    await deleteUploadBucket(infra.natsUrl, env.NATS_PREFIX);
    await infra.stop();
  };
}

/**
 * POST /services/{name}/stop and /services/{name}/start (JSON body: extra environment); POST
 * /gateways (JSON body: extra environment) starts a gateway of the caller's own and answers its
 * id and url, POST /gateways/{id}/stop stops it.
 */
async function startControlServer(
  stack: Stack,
  env: Record<string, string>,
  gateways: ExtraGateways,
): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', async () => {
      const extra = body ? (JSON.parse(body) as Record<string, string>) : {};
      if (req.method === 'POST' && req.url === '/gateways') {
        const started = await gateways.start({ ...env, ...extra }).catch((error: Error) => error);
        if (started instanceof Error) return void res.writeHead(500).end(started.message);
        return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(started));
      }
      const gateway = /^\/gateways\/(\d+)\/stop$/.exec(req.url ?? '');
      if (req.method === 'POST' && gateway) {
        await gateways.stop(gateway[1] ?? '');
        return void res.writeHead(204).end();
      }
      const match = /^\/services\/([a-z-]+)\/(stop|start)$/.exec(req.url ?? '');
      if (req.method !== 'POST' || !match) return void res.writeHead(404).end();
      const [, name = '', action] = match;
      if (action === 'stop') await stack.stopService(name);
      else stack.startService(name, { ...env, ...extra });
      res.writeHead(204).end();
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${port}` };
}

/** The run's JetStream Object Store bucket (its stream `OBJ_<bucket>`), so runs leave no streams behind. */
async function deleteUploadBucket(natsUrl: string, natsPrefix: string): Promise<void> {
  const nc = await connect({ servers: natsUrl });
  try {
    const streams = (await jetstreamManager(nc)).streams;
    await streams.delete(`OBJ_${importUploadBucket(natsPrefix)}`).catch(() => false);
  } finally {
    await nc.close();
  }
}
