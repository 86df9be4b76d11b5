import { expect, test } from '@playwright/test';
import { answeredFast, describeSamples, Probe } from './support/probe.js';
import { startFaultStack, type FaultStack } from './support/fault-stack.js';
import { holdOutage, outageSamples, recoveredAfter } from './support/outage.js';
import { signUp } from './support/session.js';

/** Pass criteria (issue #18). */
const OUTAGE_MS = 6000;
const ANSWER_MS = 500;
const RECOVERY_MS = 10_000;
const BLACKHOLE_MS = 8000;
/** The bus' default request timeout (5 s) and a margin. */
const BLACKHOLE_ANSWER_MS = 6000;

test.describe.configure({ mode: 'serial' });
let stack: FaultStack;
let cookie = '';
test.beforeAll(async ({ playwright }) => {
  stack = await startFaultStack();
  const api = await playwright.request.newContext({ baseURL: stack.url });
  cookie = (await signUp(api)).cookie;
  await api.dispose();
});
test.afterAll(async () => {
  await stack?.dispose();
});

test('Postgres cut: requests answer 503 (not 500) within 500 ms, and all is back within 10 s', async () => {
  test.setTimeout(60_000);
  const probe = new Probe(`${stack.url}/api/user`, { headers: { cookie } }).start();
  await recoveredAfter(probe, Date.now());

  await stack.postgres.set('cut');
  const downAt = Date.now();
  await holdOutage(probe, downAt, OUTAGE_MS);
  await stack.postgres.set('pass');
  const upAt = Date.now();
  const recoveryMs = await recoveredAfter(probe, upAt);
  await probe.stop();

  const down = outageSamples(probe, downAt, upAt);
  expect(down.length).toBeGreaterThan(10);
  expect(
    down.every((s) => s.status === 503 && s.code === 'SERVICE_UNAVAILABLE'),
    describeSamples(down),
  ).toBe(true);
  expect(answeredFast(down, ANSWER_MS), describeSamples(down)).toBe(true);
  expect(recoveryMs).toBeLessThan(RECOVERY_MS);
  console.log(
    `Postgres cut ${OUTAGE_MS / 1000} s: ${describeSamples(down)}; recovered ${recoveryMs} ms after`,
  );
});

test('Postgres black-holed: every request is answered within 6 s, never 500, and all is back within 10 s', async () => {
  test.setTimeout(60_000);
  const probe = new Probe(`${stack.url}/api/user`, { headers: { cookie } }).start();
  await recoveredAfter(probe, Date.now());

  await stack.postgres.set('blackhole');
  const downAt = Date.now();
  await holdOutage(probe, downAt, BLACKHOLE_MS);
  await stack.postgres.set('pass');
  const upAt = Date.now();
  const recoveryMs = await recoveredAfter(probe, upAt);
  await probe.stop();

  const down = outageSamples(probe, downAt, upAt);
  expect(down.length).toBeGreaterThan(10);
  // The pool gives up connecting (503) or the bus request times out (504), well before the
  // gateway's own deadline; a request still waiting for a connection when the link comes back is
  // served (200). Never a 500, never a dropped connection.
  expect(
    down.every((s) => [200, 503, 504].includes(s.status)),
    describeSamples(down),
  ).toBe(true);
  expect(Math.max(...down.map((s) => s.ms)), describeSamples(down)).toBeLessThan(BLACKHOLE_ANSWER_MS);
  expect(recoveryMs).toBeLessThan(RECOVERY_MS);
  console.log(
    `Postgres black-holed ${BLACKHOLE_MS / 1000} s: ${describeSamples(down)}; recovered ${recoveryMs} ms after`,
  );
});

test('a crashed service is restarted by the launcher and answers again', async () => {
  test.setTimeout(60_000);
  const pid = stack.pidOf('auth');
  expect(pid).toBeTruthy();
  const probe = new Probe(`${stack.url}/api/user`, { headers: { cookie } }).start();
  process.kill(pid as number, 'SIGKILL');
  const killedAt = Date.now();
  await expect.poll(() => stack.restarts, { timeout: 10_000 }).toContain('auth');
  const recoveryMs = await recoveredAfter(probe, killedAt);
  await probe.stop();
  expect(stack.pidOf('auth')).not.toBe(pid);
  const down = probe.between(killedAt, killedAt + recoveryMs);
  // While it is away: 503 at once (no responders); a request it was answering when killed, 504
  // at the bus timeout. Never a hang, never a dropped connection.
  expect(
    down.every((s) => s.status === 503 || s.status === 504),
    describeSamples(down),
  ).toBe(true);
  console.log(`auth killed: back ${recoveryMs} ms later (${describeSamples(down)})`);
});
