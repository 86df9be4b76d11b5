import { expect, test } from '@playwright/test';
import { describeSamples, Probe } from './support/probe.js';
import { startFaultStack, type FaultStack } from './support/fault-stack.js';
import { holdOutage, recoveredAfter } from './support/outage.js';
import { exportOf, signUp, uploadCsv } from './support/session.js';

/**
 * Longer than the own profile's cache (10 s, network service) and the published snapshot's
 * validity that follows it: past it, GET /api/network is rebuilt without the auth service.
 */
const AUTH_DOWN_MS = 15_000;

test.describe.configure({ mode: 'serial' });
let stack: FaultStack;
test.beforeAll(async () => {
  stack = await startFaultStack();
});
test.afterAll(async () => {
  await stack?.dispose();
});

test('the own network keeps answering while the auth service is down', async ({ playwright }) => {
  test.setTimeout(90_000);
  const api = await playwright.request.newContext({ baseURL: stack.url });
  const { user, cookie } = await signUp(api);
  expect((await uploadCsv(api, exportOf(30))).status()).toBe(202);
  const network = new Probe(`${stack.url}/api/network`, { headers: { cookie } }).start();
  await recoveredAfter(network, Date.now());

  await stack.stopService('auth');
  const downAt = Date.now();
  await holdOutage(network, downAt, AUTH_DOWN_MS);
  const answer = await api.get('/api/network');
  stack.startService('auth');
  await network.stop();

  const down = network.between(downAt, downAt + AUTH_DOWN_MS);
  expect(
    down.every((s) => s.status === 200),
    describeSamples(down),
  ).toBe(true);
  const { connections } = (await answer.json()) as {
    connections: { isUser: boolean; firstName: string; lastName: string }[];
  };
  expect(connections.find((node) => node.isUser)).toMatchObject({
    firstName: user.firstName,
    lastName: user.lastName,
  });
  console.log(`auth down ${AUTH_DOWN_MS / 1000} s: GET /api/network ${describeSamples(down)}`);
  // The stack is whole again for the next scenario.
  await expect.poll(async () => (await api.get('/api/user')).status(), { timeout: 60_000 }).toBe(200);
  await api.dispose();
});

test('gateway restarted: users stay signed in, the same session cookie answers 200 (never 401) from the new gateway on', async ({
  playwright,
}) => {
  test.setTimeout(90_000);
  const api = await playwright.request.newContext({ baseURL: stack.url });
  const { user, cookie } = await signUp(api);
  const probe = new Probe(`${stack.url}/api/user`, { headers: { cookie } }).start();
  await recoveredAfter(probe, Date.now());

  // As a rolling update or a crash does: the process goes, a new one comes on the same address.
  const stoppedAt = Date.now();
  await stack.stopService('gateway');
  stack.startService('gateway');
  const startedAt = Date.now();
  // How long the new process takes to listen is the machine's (Node and Nest booting), not healing.
  const backMs = await recoveredAfter(probe, startedAt, 60_000);
  await holdOutage(probe, startedAt + backMs, 1000);
  await probe.stop();

  // The old gateway answers 200, or 503 while it closes; nothing listens for a moment (no answer,
  // 0); the new one answers every request 200 from its first: no 401, no 503 while it warms up.
  const old = probe.between(stoppedAt, startedAt).filter((s) => s.status !== 0);
  expect(
    old.every((s) => s.status === 200 || s.status === 503),
    describeSamples(old),
  ).toBe(true);
  const answeredByNew = probe.between(startedAt, Date.now()).filter((s) => s.status !== 0);
  expect(answeredByNew.length).toBeGreaterThan(3);
  expect(
    answeredByNew.every((s) => s.status === 200),
    describeSamples(answeredByNew),
  ).toBe(true);
  const me = (await (await fetch(`${stack.url}/api/user`, { headers: { cookie } })).json()) as {
    username: string;
  };
  expect(me.username).toBe(user.username);
  console.log(
    `gateway restarted: the new one listened ${backMs} ms after its start and answered the same cookie ${describeSamples(answeredByNew)}`,
  );
  await api.dispose();
});
