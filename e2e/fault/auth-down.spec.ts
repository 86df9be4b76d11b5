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
  await api.dispose();
});
