import { expect, test, type APIRequestContext } from '@playwright/test';
import type { ImportStatus } from '@warmpath/contracts';
import { Redis } from 'ioredis';
import { newUser } from '../support/users.js';
import { answeredFast, describeSamples, Probe } from './support/probe.js';
import { OwnServer } from './support/servers.js';
import { startFaultStack, type FaultStack } from './support/fault-stack.js';
import { holdOutage, outageSamples, recoveredAfter } from './support/outage.js';
import { exportOf, signUp, uploadCsv } from './support/session.js';
import { present } from '../support/present.js';

/** Pass criteria (docs/operations.md#when-infrastructure-fails). */
const OUTAGE_MS = 6000;
const FAST_503_MS = 500;
const RECOVERY_MS = 10_000;

test.describe.configure({ mode: 'serial' });
let stack: FaultStack;
test.beforeAll(async () => {
  stack = await startFaultStack({ redisPersistent: true });
});
test.afterAll(async () => {
  await stack?.dispose();
});

const accountsNamed = (username: string): Promise<number> =>
  stack.countRows('auth.users', 'username = $1', [username]);

test('Redis down: signed-in requests get 503 (never 401), sign-in and registration 503 with no account left behind', async ({
  playwright,
}) => {
  test.setTimeout(90_000);
  const api = await playwright.request.newContext({ baseURL: stack.url });
  const { user, cookie } = await signUp(api);
  const probe = new Probe(`${stack.url}/api/user`, { headers: { cookie } }).start();
  await recoveredAfter(probe, Date.now());

  await stack.redis.kill();
  const downAt = Date.now();
  const newcomer = newUser();
  const anonymous = await playwright.request.newContext({ baseURL: stack.url });
  const register = await anonymous.post('/api/register', {
    data: { ...newcomer, confirmPassword: newcomer.password },
  });
  const login = await anonymous.post('/api/login', {
    data: { username: user.username, password: user.password },
  });
  await holdOutage(probe, downAt, OUTAGE_MS);
  await stack.redis.start();
  const upAt = Date.now();
  const recoveryMs = await recoveredAfter(probe, upAt);
  await probe.stop();

  const down = outageSamples(probe, downAt, upAt);
  expect(down.length).toBeGreaterThan(10);
  expect(
    down.every((s) => s.status === 503 && s.retryAfter !== null),
    describeSamples(down),
  ).toBe(true);
  expect(answeredFast(down, FAST_503_MS), describeSamples(down)).toBe(true);
  // The session outlived the outage (Redis kept its data): the same cookie works again.
  expect(recoveryMs).toBeLessThan(RECOVERY_MS);
  console.log(
    `Redis down ${OUTAGE_MS / 1000} s: ${describeSamples(down)}; recovered ${recoveryMs} ms after restart`,
  );

  expect(register.status(), await register.text()).toBe(503);
  expect(login.status(), await login.text()).toBe(503);
  expect(await accountsNamed(newcomer.username)).toBe(0);
  // The failed registration left nothing behind: the same username registers now.
  const retried = await anonymous.post('/api/register', {
    data: { ...newcomer, confirmPassword: newcomer.password },
  });
  expect(retried.status(), await retried.text()).toBe(201);
  await Promise.all([api.dispose(), anonymous.dispose()]);
});

async function noteOf(connectionId: string): Promise<string | null> {
  const rows = await stack.direct<{ notes: string | null }>(
    'SELECT notes FROM network.connections WHERE id = $1',
    [connectionId],
  );
  return present(rows[0], 'the connection').notes;
}

/** Imports a small export for the signed-in user and answers the id of one of the people in it. */
async function firstConnectionOf(api: APIRequestContext): Promise<string> {
  // Right after an earlier scenario's outage the import worker may still be reconnecting to Redis:
  // it answers 503 meanwhile, and takes the upload within the 10 s recovery criterion.
  let accepted: ImportStatus | undefined;
  await expect
    .poll(
      async () => {
        const response = await uploadCsv(api, exportOf(5));
        if (response.status() === 202) accepted = (await response.json()) as ImportStatus;
        return response.status();
      },
      { timeout: 10_000, intervals: [250, 500, 1000] },
    )
    .toBe(202);
  if (!accepted) throw new Error('no import accepted');
  await expect
    .poll(
      async () => ((await (await api.get(`/api/imports/${accepted?.id}`)).json()) as ImportStatus).state,
      {
        timeout: 30_000,
      },
    )
    .toBe('completed');
  const { connections } = (await (await api.get('/api/network')).json()) as {
    connections: { id: string; isUser: boolean }[];
  };
  const person = connections.find((node) => !node.isUser);
  expect(person).toBeTruthy();
  return (person as { id: string }).id;
}

const sessionsOf = (userId: number): Promise<number> =>
  stack.countRows('auth.sessions', 'user_id = $1', [userId]);

const importsOf = (userId: number): Promise<number> =>
  stack.countRows('imports.imports', 'user_id = $1', [userId]);

test('Redis full (noeviction): sign-in and upload answer 503 with no import left behind; a note is never answered 503 once saved', async ({
  playwright,
}) => {
  test.setTimeout(90_000);
  const api = await playwright.request.newContext({ baseURL: stack.url });
  const { user, cookie } = await signUp(api);
  const userId = ((await (await api.get('/api/user')).json()) as { id: number }).id;
  const connectionId = await firstConnectionOf(api);

  const admin = new Redis(stack.redis.url);
  // The session was last reported seen two hours ago: its next request moves that forward, which
  // writes to Redis (refused while it is full; the request must go on all the same).
  // The session cookie, among the others registration sets (the device cookie).
  const sessionId = present(/(?:^|; )warmpath_session=([^;]+)/.exec(cookie)?.[1], 'a session id');
  const sessionKey = present(
    (await admin.keys(`*session:${sessionId}`)).find((k) => !k.includes('ended')),
    'the stored session',
  );
  const stored = JSON.parse((await admin.get(sessionKey)) as string) as { seenAt: number };
  await admin.set(sessionKey, JSON.stringify({ ...stored, seenAt: Date.now() - 2 * 3_600_000 }), 'KEEPTTL');
  expect(await sessionsOf(userId)).toBe(1);

  // Full: with noeviction and no memory left, Redis refuses every command that needs memory.
  await admin.config('SET', 'maxmemory-policy', 'noeviction');
  await admin.config('SET', 'maxmemory', '1');
  let full: { login: number; user: number; upload: number; note: number };
  try {
    const anonymous = await playwright.request.newContext({ baseURL: stack.url });
    full = {
      login: (
        await anonymous.post('/api/login', { data: { username: user.username, password: user.password } })
      ).status(),
      user: (await api.get('/api/user')).status(),
      // Past the session check, the worker records the import, cannot queue it, and removes it.
      upload: (await uploadCsv(api, exportOf(5, 11))).status(),
      note: (
        await api.patch(`/api/network/connections/${connectionId}`, { data: { notes: 'while full' } })
      ).status(),
    };
    await anonymous.dispose();
  } finally {
    await admin.config('SET', 'maxmemory', '0');
    admin.disconnect();
  }
  // Reads go on (a session is read and its expiry slid without new memory); what needs memory is refused.
  expect(full).toEqual({ login: 503, user: 200, upload: 503, note: 503 });
  // The one import made before Redis filled; the refused upload left none.
  expect(await importsOf(userId)).toBe(1);
  // The note answered 503 was not saved: the user can trust the answer and save it again.
  expect(await noteOf(connectionId)).toBeNull();

  // Once Redis has room the same file imports, and the note saves.
  await expect
    .poll(async () => (await uploadCsv(api, exportOf(5, 11))).status(), { timeout: 15_000 })
    .toBe(202);
  const saved = await api.patch(`/api/network/connections/${connectionId}`, { data: { notes: 'with room' } });
  expect(saved.status(), await saved.text()).toBe(200);
  expect(await noteOf(connectionId)).toBe('with room');
  await api.dispose();
});

test("the network service's own Redis down: saving a note answers 503 within 500 ms, and saves again within 10 s", async ({
  playwright,
}) => {
  test.setTimeout(90_000);
  const api = await playwright.request.newContext({ baseURL: stack.url });
  const { cookie } = await signUp(api);
  const connectionId = await firstConnectionOf(api);
  // The network service alone loses its Redis (a partition between it and Redis): it gets one of
  // its own, which is then killed, while the gateway's sessions stay reachable.
  const own = await OwnServer.redis(false);
  await own.start();
  await stack.stopService('network');
  stack.startService('network', { REDIS_URL: own.url });
  const note = new Probe(`${stack.url}/api/network/connections/${connectionId}`, {
    method: 'PATCH',
    headers: { cookie, 'content-type': 'application/json', origin: stack.url },
    body: JSON.stringify({ notes: 'probe' }),
  }).start();
  try {
    await recoveredAfter(note, Date.now(), 60_000);
    await own.kill();
    const downAt = Date.now();
    await holdOutage(note, downAt, OUTAGE_MS);
    await own.start();
    const upAt = Date.now();
    const recoveryMs = await recoveredAfter(note, upAt);
    await note.stop();

    const down = outageSamples(note, downAt, upAt);
    expect(down.length).toBeGreaterThan(10);
    expect(
      down.every((s) => s.status === 503 && s.retryAfter !== null),
      describeSamples(down),
    ).toBe(true);
    expect(answeredFast(down, FAST_503_MS), describeSamples(down)).toBe(true);
    expect(recoveryMs).toBeLessThan(RECOVERY_MS);
    console.log(
      `network service's Redis down ${OUTAGE_MS / 1000} s: PATCH note ${describeSamples(down)}; recovered ${recoveryMs} ms after`,
    );
  } finally {
    await note.stop();
    await own.dispose();
    await api.dispose();
  }
});
