import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

interface Probe {
  httpGet: { path: string; port: string | number };
}
interface Container {
  ports: { name: string; containerPort: number }[];
  env: { name: string; value: string }[];
  readinessProbe: Probe;
  livenessProbe: Probe;
}
interface Deployment {
  kind: string;
  metadata: { name: string };
  spec: {
    template: { metadata: { annotations: Record<string, string> }; spec: { containers: Container[] } };
  };
}

const gateway = parseAllDocuments(readFileSync(join(root, 'infra/k8s/base/gateway.yaml'), 'utf8'))
  .map((d) => d.toJS() as Deployment)
  .find((d) => d.kind === 'Deployment' && d.metadata.name === 'gateway')!;
const container = gateway.spec.template.spec.containers[0];

/** The environment variable that sets a container port (the one whose value is that port). */
function portVariable(port: string | number): string {
  const number =
    typeof port === 'number' ? port : container.ports.find((p) => p.name === port)?.containerPort;
  const variable = container.env.find((e) => e.value === String(number))?.name;
  if (!variable) throw new Error(`no environment variable sets port ${port}`);
  return variable;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Waits until the gateway accepts connections (any answer), or fails if it exits first. */
async function waitForListening(address: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`the gateway exited with code ${child.exitCode}`);
    const answered = await fetch(address).then(
      () => true,
      () => false,
    );
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the gateway did not start listening within 20 s');
}

describe('the gateway Deployment, against a real gateway', () => {
  const ports: Record<string, number> = {};
  let gatewayProcess: ChildProcess;
  const url = (variable: string, path: string) => `http://127.0.0.1:${ports[variable]}${path}`;

  beforeAll(async () => {
    const variables = new Set([
      portVariable(container.readinessProbe.httpGet.port),
      portVariable(container.livenessProbe.httpGet.port),
      portVariable(Number(gateway.spec.template.metadata.annotations['prometheus.io/port'])),
      'PORT',
    ]);
    for (const variable of variables) ports[variable] = await freePort();
    const run = randomBytes(4).toString('hex');
    // The built gateway as a process of its own (nx builds it before this test), as a pod runs it.
    gatewayProcess = spawn(process.execPath, [join(root, 'services/gateway/dist/main.js')], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        NATS_URL: process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222',
        NATS_PREFIX: `probes${run}`,
        REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
        REDIS_PREFIX: `warmpath-probes-${run}:`,
        ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])),
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    await waitForListening(url('PORT', '/health/live'), gatewayProcess);
  }, 30_000);

  afterAll(async () => {
    if (gatewayProcess?.exitCode !== null) return;
    gatewayProcess.kill('SIGTERM');
    await once(gatewayProcess, 'exit');
  });

  it.each([
    ['readiness', () => container.readinessProbe],
    ['liveness', () => container.livenessProbe],
  ])('the %s probe path answers 200 without a session on the port the manifest names', async (_, probe) => {
    const { path, port } = probe().httpGet;
    const response = await fetch(url(portVariable(port), path));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'up' });
  });

  it('serves Prometheus metrics on the scrape port of the annotations, and not on the public port', async () => {
    const annotations = gateway.spec.template.metadata.annotations;
    expect(annotations['prometheus.io/scrape']).toBe('true');
    const scrapePort = portVariable(Number(annotations['prometheus.io/port']));
    expect(scrapePort).not.toBe('PORT');
    const scraped = await fetch(url(scrapePort, annotations['prometheus.io/path']));
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toContain('process_cpu_user_seconds_total');

    const fromUsers = await fetch(url('PORT', '/metrics'));
    expect(fromUsers.status).toBe(404);
    expect(await fromUsers.text()).not.toContain('process_cpu_user_seconds_total');
  });

  it('keeps the scrape port out of the Service that users reach', () => {
    const service = parseAllDocuments(readFileSync(join(root, 'infra/k8s/base/gateway.yaml'), 'utf8'))
      .map((d) => d.toJS() as { kind: string; spec: { ports: { targetPort: string }[] } })
      .find((d) => d.kind === 'Service')!;
    const scrapePort = Number(gateway.spec.template.metadata.annotations['prometheus.io/port']);
    const scrapeName = container.ports.find((p) => p.containerPort === scrapePort)?.name;
    expect(service.spec.ports.map((p) => p.targetPort)).not.toContain(scrapeName);
  });
});
