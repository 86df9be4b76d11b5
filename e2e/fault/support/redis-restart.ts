import { expect, test, type APIRequestContext } from '@playwright/test';
import type { ImportStatus } from '@warmpath/contracts';
import { describeSamples, Probe } from './probe.js';
import { startFaultStack, type FaultStack } from './fault-stack.js';
import { exportOf, signUp, uploadCsv } from './session.js';

const RUNNING_PEOPLE = 20_000;
const QUEUED_PEOPLE = 2000;
/** Imports are reconciled every 5 s here (60 s by default): they must be done well within this. */
const HEALED_WITHIN_MS = 60_000;

/**
 * Redis killed and started again while one import runs and another waits in the queue, with a
 * user signed in: with its data (append-only file) or without (as a Redis without persistence
 * comes back). Both imports complete with exact counts either way, and the session survives
 * either way: 503 while Redis is away, then 200, never 401 (without the data it is restored from
 * the auth service's durable copy). Sessions ended before the restart (signed out, or by a
 * password change) stay ended.
 */
export function redisRestartScenario(persistent: boolean): void {
  test.describe.configure({ mode: 'serial' });
  let stack: FaultStack;
  test.beforeAll(async () => {
    stack = await startFaultStack({
      redisPersistent: persistent,
      env: {
        IMPORT_CONCURRENCY: '1',
        IMPORT_RECONCILE_INTERVAL_MS: '5000',
        IMPORT_RECONCILE_GRACE_MS: '1000',
      },
    });
  });
  test.afterAll(async () => {
    await stack?.dispose();
  });

  const importOf = async (id: string) =>
    (
      await stack.direct<{ state: string; imported: number }>(
        'SELECT state, imported FROM imports.imports WHERE id = $1',
        [id],
      )
    )[0];

  const peopleOf = async (userId: number) =>
    (
      await stack.direct<{ n: number }>(
        'SELECT count(*)::int AS n FROM network.connections WHERE owner_user_id = $1',
        [userId],
      )
    )[0]?.n;

  const cookieOf = async (api: APIRequestContext) =>
    (await api.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join('; ');

  const what = persistent ? 'with its data (append-only file)' : 'without its data';
  const sessions = 'the signed-in user stays signed in (never 401), ended sessions stay ended';

  test(`Redis restarted ${what}: a running and a queued import both complete, counted exactly; ${sessions}`, async ({
    playwright,
  }) => {
    test.setTimeout(HEALED_WITHIN_MS + 90_000);
    const first = await playwright.request.newContext({ baseURL: stack.url });
    const second = await playwright.request.newContext({ baseURL: stack.url });
    const [{ cookie, user }] = await Promise.all([signUp(first), signUp(second)]);
    const idOf = async (api: typeof first) =>
      ((await (await api.get('/api/user')).json()) as { id: number }).id;
    const [firstUser, secondUser] = await Promise.all([idOf(first), idOf(second)]);
    // Sessions ended before the restart must not come back to life: a user signed in on a phone
    // changes the password on the laptop (the phone's session and the laptop's old id end), then
    // signs out on the laptop.
    const laptop = await playwright.request.newContext({ baseURL: stack.url });
    const phone = await playwright.request.newContext({ baseURL: stack.url });
    const { user: leaver, cookie: laptopBefore } = await signUp(laptop);
    const signIn = await phone.post('/api/login', {
      data: { username: leaver.username, password: leaver.password },
    });
    expect(signIn.status()).toBe(200);
    const phoneCookie = await cookieOf(phone);
    const changed = await laptop.post('/api/user/password', {
      data: { currentPassword: leaver.password, newPassword: 'brand-new-1', confirmPassword: 'brand-new-1' },
    });
    expect(changed.status(), await changed.text()).toBe(200);
    const laptopAfter = await cookieOf(laptop);
    expect(laptopAfter).not.toBe(laptopBefore);
    expect((await laptop.post('/api/logout')).status()).toBe(200);
    const ended = [laptopBefore, phoneCookie, laptopAfter];
    const endedStatuses = () =>
      Promise.all(
        ended.map(async (cookie) => {
          const answer = await fetch(`${stack.url}/api/user`, { headers: { cookie } });
          return `${answer.status} ${((await answer.json()) as { code?: string }).code ?? ''}`.trim();
        }),
      );
    expect(await endedStatuses()).toEqual(Array(3).fill('401 UNAUTHENTICATED'));

    // One worker slot, held by a long import (a slow link), so the second import waits in the queue.
    await stack.postgres.set('slow', 40);
    const running = (await (await uploadCsv(first, exportOf(RUNNING_PEOPLE))).json()) as ImportStatus;
    await expect.poll(async () => (await importOf(running.id))?.state, { timeout: 60_000 }).toBe('parsing');
    const queued = (await (await uploadCsv(second, exportOf(QUEUED_PEOPLE, 99))).json()) as ImportStatus;
    expect((await importOf(queued.id))?.state).toBe('queued');

    const probe = new Probe(`${stack.url}/api/user`, { headers: { cookie } }).start();
    await expect.poll(() => probe.samples.some((s) => s.status === 200), { timeout: 10_000 }).toBe(true);
    await stack.redis.kill();
    const killedAt = Date.now();
    await stack.redis.start();
    await stack.postgres.set('pass');
    const restartedAt = Date.now();
    // Until every service has its Redis connection again the answer is 503; then it settles.
    await expect
      .poll(() => probe.samples.some((s) => s.at >= restartedAt && s.status !== 503 && s.status !== 0), {
        timeout: 20_000,
        intervals: [100],
      })
      .toBe(true);
    const settledAt = Date.now();
    await expect
      .poll(() => probe.samples.some((s) => s.at >= settledAt + 1000), { timeout: 10_000 })
      .toBe(true);
    await probe.stop();
    const after = probe.between(killedAt, Date.now());
    const settled = probe.between(settledAt, Date.now());
    // Whatever Redis lost: never a 401, a 500 nor a dropped connection. With the data the session
    // was on disk; without it the durable copy restores it, and the same cookie answers 200.
    expect(
      after.every((s) => [200, 503].includes(s.status)),
      describeSamples(after),
    ).toBe(true);
    expect(
      settled.every((s) => s.status === 200),
      describeSamples(settled),
    ).toBe(true);
    // Sessions ended before the restart stay ended (with or without Redis' data).
    expect(await endedStatuses()).toEqual(Array(3).fill('401 UNAUTHENTICATED'));
    const again = await first.post('/api/login', {
      data: { username: user.username, password: user.password },
    });
    expect(again.status(), await again.text()).toBe(200);
    expect((await first.get('/api/user')).status()).toBe(200);
    console.log(`Redis restarted ${what}: GET /api/user with the earlier cookie ${describeSamples(after)}`);

    for (const id of [running.id, queued.id])
      await expect
        .poll(async () => (await importOf(id))?.state, { timeout: HEALED_WITHIN_MS, intervals: [500] })
        .toBe('completed');
    console.log(`Redis restarted ${what}: both imports completed ${Date.now() - restartedAt} ms later`);
    expect(await importOf(running.id)).toMatchObject({ imported: RUNNING_PEOPLE });
    expect(await importOf(queued.id)).toMatchObject({ imported: QUEUED_PEOPLE });
    expect(await peopleOf(firstUser)).toBe(RUNNING_PEOPLE);
    expect(await peopleOf(secondUser)).toBe(QUEUED_PEOPLE);
    await Promise.all([first, second, laptop, phone].map((context) => context.dispose()));
  });
}
