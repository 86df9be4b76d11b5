import { expect, test } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { stackEnv } from '../support/stack-control.js';

// What health and routing answer while every service is up, and how a service refuses a bad
// configuration; stopped services are in health.spec.ts, which runs alone.

const SERVICES = ['gateway', 'auth', 'network', 'teams', 'ai', 'import-worker'];

test('GET /api/health answers 200 listing every service as up', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body.status).toBe('ok');
  expect(Object.keys(body.services).sort()).toEqual([...SERVICES].sort());
  for (const name of SERVICES) expect(body.services[name].status).toBe('up');
  expect(response.headers()['x-request-id']).toMatch(/.+/);
});

test('unknown API routes answer a JSON 404 and unknown pages get the web app', async ({ request }) => {
  const api = await request.get('/api/no-such-thing');
  expect(api.status()).toBe(404);
  expect((await api.json()).code).toBe('NOT_FOUND');
  const page = await request.get('/no/such/page');
  expect(page.status()).toBe(200);
  expect(page.headers()['content-type']).toContain('text/html');
  expect(page.headers()['content-security-policy']).toContain("default-src 'self'");
});

test('every service refuses to start on bad configuration, naming the variable', () => {
  const root = join(import.meta.dirname, '..', '..');
  for (const name of SERVICES) {
    const result = spawnSync(process.execPath, [join(root, 'services', name, 'dist', 'main.js')], {
      env: {
        ...process.env,
        ...stackEnv(),
        NATS_URL: 'http://wrong-scheme:4222',
        HTTP_PORT: 'not-a-port',
        PORT: 'not-a-port',
      },
      encoding: 'utf8',
      timeout: 15_000,
    });
    expect(result.status, `${name} exit code`).toBe(78);
    expect(result.stderr).toContain('NATS_URL="http://wrong-scheme:4222" is invalid');
    expect(result.stderr).toContain(`${name} refuses to start`);
  }
});
