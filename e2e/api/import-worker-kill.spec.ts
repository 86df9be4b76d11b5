import { expect, test, type APIRequestContext } from '@playwright/test';
import type { ImportAccepted, ImportStatus } from '@warmpath/contracts';
import { generateLinkedInCsv } from '@warmpath/testing';
import { readdirSync, readFileSync } from 'node:fs';
import {
  query,
  stackEnv,
  stagedRowCount,
  storedLinkTotal,
  storedNetwork,
  signUp,
  upload,
  waitForImport,
} from './import.testing.js';

// Runs alone, no other spec beside it (docs/developer-guide.md#the-loop): it kills the import
// worker of the shared stack.
test.describe.configure({ lock: '-exclusive-' });

// "A worker killed mid-import leaves, after the retry, exactly the rows of one complete import."

/** Small batches, one at a time, and a short lock: the import is slow enough to kill mid-way, and retried fast. */
const SLOW_WORKER = {
  IMPORT_BATCH_ROWS: '100',
  IMPORT_STAGE_IN_FLIGHT: '1',
  IMPORT_LOCK_DURATION_MS: '2000',
  IMPORT_STALLED_INTERVAL_MS: '1000',
};
const ROWS = 20_000;

async function control(action: 'stop' | 'start', env?: Record<string, string>): Promise<void> {
  const response = await fetch(`${process.env.WARMPATH_CONTROL_URL}/services/import-worker/${action}`, {
    method: 'POST',
    body: env ? JSON.stringify(env) : undefined,
  });
  expect(response.ok).toBe(true);
  if (action === 'start') await expect.poll(isWorkerUp, { timeout: 60_000, intervals: [250] }).toBe(true);
}

/** The gateway's health lists every service that answers its health check. */
async function isWorkerUp(): Promise<boolean> {
  const response = await fetch(`${process.env.WARMPATH_URL}/api/health`);
  const body = (await response.json()) as { missing?: string[] };
  return response.ok && !(body.missing ?? []).includes('import-worker');
}

/** The pid of this stack's import worker (the one whose environment carries this run's NATS prefix). */
function workerPid(): number {
  const prefix = `NATS_PREFIX=${stackEnv().NATS_PREFIX}`;
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!command.includes('services/import-worker/dist/main.js')) continue;
      if (readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0').includes(prefix)) return Number(entry);
    } catch {
      // The process ended while we looked.
    }
  }
  throw new Error('import worker process not found');
}

/** Starts a big import and waits until the worker is well into it. */
async function startImportAndWaitForRows(request: APIRequestContext): Promise<ImportAccepted> {
  const response = await upload(request, generateLinkedInCsv(ROWS, { seed: 21 }), { async: true });
  expect(response.status(), await response.text()).toBe(202);
  const accepted = (await response.json()) as ImportAccepted;
  await expect
    .poll(async () => ((await (await request.get(accepted.statusUrl)).json()) as ImportStatus).rowsRead, {
      timeout: 30_000,
    })
    .toBeGreaterThan(2000);
  return accepted;
}

async function expectOneCompleteImport(
  request: APIRequestContext,
  userId: number,
  importId: string,
): Promise<void> {
  const status = await waitForImport(request, importId, 120_000);
  expect(status).toMatchObject({ state: 'completed', rowsRead: ROWS, imported: ROWS });
  expect(status.attempt).toBeGreaterThanOrEqual(2);
  const network = await storedNetwork(userId);
  expect(network.connections).toHaveLength(ROWS);
  expect(new Set(network.connections.map((c) => c.match_key)).size).toBe(ROWS);
  expect(storedLinkTotal(network)).toBe(status.relationships);
  expect(status.relationships).toBeGreaterThan(0);
  await expect.poll(stagedRowCount).toBe(0);
}

test.describe('a worker that dies mid-import', () => {
  test.describe.configure({ timeout: 240_000 });

  test.beforeEach(async () => {
    await control('stop');
    await control('start', SLOW_WORKER);
  });

  test.afterAll(async () => {
    await control('stop');
    await control('start');
  });

  test('killed with SIGKILL: the import is taken again after its lock expires and completes once', async ({
    request,
  }) => {
    const userId = await signUp(request);
    const accepted = await startImportAndWaitForRows(request);
    process.kill(workerPid(), 'SIGKILL');
    // Nothing of the dead try is visible meanwhile.
    expect((await storedNetwork(userId)).connections).toHaveLength(0);
    await control('stop');
    await control('start', SLOW_WORKER);
    await expectOneCompleteImport(request, userId, accepted.id);
  });

  test('stopped with SIGTERM: the import goes back to the queue and completes once', async ({ request }) => {
    const userId = await signUp(request);
    const accepted = await startImportAndWaitForRows(request);
    await control('stop');
    // The worker serves import reads too, so look at its table while none runs.
    expect(await query('SELECT state FROM imports.imports WHERE id = $1', [accepted.id])).toEqual([
      { state: 'queued' },
    ]);
    expect((await storedNetwork(userId)).connections).toHaveLength(0);
    await control('start', SLOW_WORKER);
    await expectOneCompleteImport(request, userId, accepted.id);
  });
});
