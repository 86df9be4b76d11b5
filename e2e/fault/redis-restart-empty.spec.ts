import { expect, test } from '@playwright/test';
import type { ImportStatus } from '@warmpath/contracts';
import pg from 'pg';
import { startFaultStack, type FaultStack } from './support/fault-stack.js';
import { exportOf, signUp, uploadCsv } from './support/session.js';

const RUNNING_PEOPLE = 20_000;
const QUEUED_PEOPLE = 2000;
/** Imports are reconciled every 5 s here (60 s by default): they must be done well within this. */
const HEALED_WITHIN_MS = 60_000;

test.describe.configure({ mode: 'serial' });
let stack: FaultStack;
test.beforeAll(async () => {
  stack = await startFaultStack({
    redisPersistent: false,
    env: { IMPORT_CONCURRENCY: '1', IMPORT_RECONCILE_INTERVAL_MS: '5000', IMPORT_RECONCILE_GRACE_MS: '1000' },
  });
});
test.afterAll(async () => {
  await stack?.dispose();
});

async function direct<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: stack.directDatabaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

const importOf = async (id: string) =>
  (
    await direct<{ state: string; imported: number }>(
      'SELECT state, imported FROM imports.imports WHERE id = $1',
      [id],
    )
  )[0];

const peopleOf = async (userId: number) =>
  (
    await direct<{ n: number }>(
      'SELECT count(*)::int AS n FROM network.connections WHERE owner_user_id = $1',
      [userId],
    )
  )[0]?.n;

test('Redis restarted without its data: a running and a queued import both complete, counted exactly', async ({
  playwright,
}) => {
  test.setTimeout(HEALED_WITHIN_MS + 90_000);
  const first = await playwright.request.newContext({ baseURL: stack.url });
  const second = await playwright.request.newContext({ baseURL: stack.url });
  await Promise.all([signUp(first), signUp(second)]);
  const idOf = async (api: typeof first) =>
    ((await (await api.get('/api/user')).json()) as { id: number }).id;
  const [firstUser, secondUser] = await Promise.all([idOf(first), idOf(second)]);

  // One worker slot, held by a long import (a slow link), so the second import waits in the queue.
  await stack.postgres.set('slow', 40);
  const running = (await (await uploadCsv(first, exportOf(RUNNING_PEOPLE))).json()) as ImportStatus;
  await expect.poll(async () => (await importOf(running.id))?.state, { timeout: 60_000 }).toBe('parsing');
  const queued = (await (await uploadCsv(second, exportOf(QUEUED_PEOPLE, 99))).json()) as ImportStatus;
  expect((await importOf(queued.id))?.state).toBe('queued');

  // Redis as the launcher runs it (no persistence) restarts: every BullMQ job is gone.
  await stack.redis.kill();
  await stack.redis.start();
  await stack.postgres.set('pass');
  const restartedAt = Date.now();

  for (const id of [running.id, queued.id])
    await expect
      .poll(async () => (await importOf(id))?.state, { timeout: HEALED_WITHIN_MS, intervals: [500] })
      .toBe('completed');
  console.log(`Redis restarted empty: both imports completed ${Date.now() - restartedAt} ms later`);
  expect(await importOf(running.id)).toMatchObject({ imported: RUNNING_PEOPLE });
  expect(await importOf(queued.id)).toMatchObject({ imported: QUEUED_PEOPLE });
  expect(await peopleOf(firstUser)).toBe(RUNNING_PEOPLE);
  expect(await peopleOf(secondUser)).toBe(QUEUED_PEOPLE);
  await Promise.all([first.dispose(), second.dispose()]);
});
