import { expect, test } from '@playwright/test';
import type { ImportStatus } from '@warmpath/contracts';
import { startFaultStack, type FaultStack } from './support/fault-stack.js';
import { exportOf, signUp, uploadCsv } from './support/session.js';

/**
 * Longer than the whole retry budget the worker had before (1+2+4+8 s): the import must outlast
 * it, neither failing nor staying "parsing" once the database is back.
 */
const CUT_MS = 20_000;
/** People in the file: enough that the import is still running when the cut comes. */
const PEOPLE = 20_000;
/** The first retry after the cut ends comes within the capped backoff; the import then finishes. */
const HEALED_WITHIN_MS = 90_000;

test.describe.configure({ mode: 'serial' });
let stack: FaultStack;
test.beforeAll(async () => {
  stack = await startFaultStack();
});
test.afterAll(async () => {
  await stack?.dispose();
});

const importState = async (id: string) =>
  (await stack.direct<{ state: string }>('SELECT state FROM imports.imports WHERE id = $1', [id]))[0]?.state;

test('an import running through a 20 s Postgres cut completes with exact counts once it is back', async ({
  playwright,
}) => {
  test.setTimeout(CUT_MS + HEALED_WITHIN_MS + 60_000);
  const api = await playwright.request.newContext({ baseURL: stack.url });
  const { cookie } = await signUp(api);
  const userId = ((await (await api.get('/api/user')).json()) as { id: number }).id;

  // A slow link stretches the import, so the cut comes while it is writing.
  await stack.postgres.set('slow', 40);
  const accepted = await uploadCsv(api, exportOf(PEOPLE));
  expect(accepted.status(), await accepted.text()).toBe(202);
  const { id } = (await accepted.json()) as ImportStatus;
  await expect.poll(() => importState(id), { timeout: 60_000, intervals: [50] }).toBe('parsing');
  await stack.postgres.set('cut');
  const cutAt = Date.now();
  // The cut is held CUT_MS: the outage itself, measured on the clock, not a wait for an event.
  await expect
    .poll(() => Date.now() - cutAt >= CUT_MS, { timeout: CUT_MS + 5000, intervals: [250] })
    .toBe(true);
  await stack.postgres.set('pass');
  const restoredAt = Date.now();

  let status: ImportStatus | null = null;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${stack.url}/api/imports/${id}`, { headers: { cookie } });
        status = response.ok ? ((await response.json()) as ImportStatus) : null;
        return status?.state;
      },
      { timeout: HEALED_WITHIN_MS, intervals: [500] },
    )
    .toBe('completed');
  const healedMs = Date.now() - restoredAt;
  const final = status as unknown as ImportStatus;
  expect(final).toMatchObject({ state: 'completed', rowsRead: PEOPLE, imported: PEOPLE, skipped: 0 });
  const [stored] = await stack.direct<{ n: number }>(
    'SELECT count(*)::int AS n FROM network.connections WHERE owner_user_id = $1',
    [userId],
  );
  expect(stored?.n).toBe(PEOPLE);
  const stuck = await stack.direct<{ n: number }>(
    "SELECT count(*)::int AS n FROM imports.imports WHERE state NOT IN ('completed', 'failed')",
  );
  expect(stuck[0]?.n).toBe(0);
  console.log(`import through a ${CUT_MS / 1000} s cut: completed ${healedMs} ms after Postgres came back`);
  await api.dispose();
});
