import { expect, test } from '@playwright/test';
import type { BulkImport, BulkImportAccepted } from '@warmpath/contracts';
import { generateLinkedInCsv } from '@warmpath/testing';
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { uploadBulk, waitForBulk } from './bulk.testing.js';
import { query, stackEnv, stagedRowCount, storedNetwork } from './import.testing.js';
import { signUpMember, workspaceOf, type Member } from './workspace-network.testing.js';

// Runs alone, no other spec beside it (docs/developer-guide.md#the-loop): it kills the import
// worker of the shared stack.
test.describe.configure({ lock: '-exclusive-' });

// Workers that scale out (docs/workspace-sources.md#workers-that-scale-out): the files of one bulk
// are spread over two import workers; one is killed with SIGKILL while it imports a file and
// started again; every source ends with exactly its rows (nothing lost, nothing doubled) and each
// file is merged once.

const ROOT = resolve(fileURLToPath(import.meta.url), '../../..');
/** One file at a time per worker (so two files running means both workers hold one), small
 * batches so a file takes long enough to kill mid-way, and a short lock so it is retried fast. */
const SLOW_WORKER = {
  IMPORT_CONCURRENCY: '1',
  IMPORT_BATCH_ROWS: '100',
  IMPORT_STAGE_IN_FLIGHT: '1',
  IMPORT_LOCK_DURATION_MS: '2000',
  IMPORT_STALLED_INTERVAL_MS: '1000',
};
const FILES = 4;
const ROWS = 6_000;

async function control(action: 'stop' | 'start', env?: Record<string, string>): Promise<void> {
  const response = await fetch(`${process.env.WARMPATH_CONTROL_URL}/services/import-worker/${action}`, {
    method: 'POST',
    body: env ? JSON.stringify(env) : undefined,
  });
  expect(response.ok).toBe(true);
  if (action === 'start')
    await expect
      .poll(
        async () => {
          const body = (await (await fetch(`${process.env.WARMPATH_URL}/api/health`)).json()) as {
            missing?: string[];
          };
          return !(body.missing ?? []).includes('import-worker');
        },
        { timeout: 60_000, intervals: [250] },
      )
      .toBe(true);
}

/** A second import worker of this stack, as a second replica would be: same database, Redis, NATS. */
class SecondWorker {
  private child: ChildProcess | null = null;
  output = '';

  start(): void {
    const child = spawn(process.execPath, [resolve(ROOT, 'services/import-worker/dist/main.js')], {
      cwd: ROOT,
      // At info level it says 'service ready' once its queue consumer is running (ready()).
      env: { ...process.env, ...stackEnv(), ...SLOW_WORKER, HTTP_PORT: '0', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.once('exit', (code, signal) => (this.output += `\n[second worker exited: ${code ?? signal}]\n`));
    this.child = child;
  }

  /** Waits until the worker has booted and consumes the queue, so both workers can take a file. */
  async ready(): Promise<void> {
    await expect
      .poll(
        () => this.output.includes('"msg":"service ready"') || this.output.includes('[second worker exited'),
        {
          timeout: 60_000,
          intervals: [100],
        },
      )
      .toBe(true);
    expect(this.output, 'the second worker exited during start-up').not.toContain('[second worker exited');
  }

  kill(): void {
    this.child?.kill('SIGKILL');
    this.child = null;
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  }
}

const running = (bulk: BulkImport) =>
  bulk.files.filter((f) => f.status === 'parsing' || f.status === 'saving' || f.status === 'linking');

let owner: Member;
let teamId: number;
const second = new SecondWorker();

test.describe('a bulk over two import workers, one killed mid-file', () => {
  test.describe.configure({ timeout: 300_000 });

  test.beforeAll(async ({ playwright, baseURL }) => {
    owner = await signUpMember(playwright, baseURL as string, 'Kim', 'Killer');
    teamId = await workspaceOf(owner, []);
    await control('stop');
    await control('start', SLOW_WORKER);
    // Ready before the upload: else, on a fast machine, the first worker imports every file before
    // the second has booted, and two files never run at once.
    second.start();
    await second.ready();
  });

  test.afterAll(async () => {
    await second.stop();
    await control('stop');
    await control('start');
    await owner?.request.dispose();
  });

  test('every source ends with exactly its rows, each file merged once', async () => {
    const parts = Array.from({ length: FILES }, (_, i) => ({
      fileName: `rep-${i + 1}.csv`,
      content: generateLinkedInCsv(ROWS, { seed: 160 + i }),
    }));
    const response = await uploadBulk(owner.request, teamId, parts);
    expect(response.status(), await response.text()).toBe(202);
    const accepted = (await response.json()) as BulkImportAccepted;

    // Both workers import a file at once (each takes one at a time): the second holds one of them.
    await expect
      .poll(
        async () => {
          const bulk = (await (await owner.request.get(accepted.statusUrl)).json()) as BulkImport;
          return running(bulk).filter((f) => (f.counts?.rowsRead ?? 0) > 0).length;
        },
        { timeout: 90_000, intervals: [200], message: 'two files importing at once, one on each worker' },
      )
      .toBe(2);
    second.kill();
    second.start();

    // Within the test's 300 s (the poll above takes up to 90): a stuck file fails here, named.
    const bulk = await waitForBulk(owner.request, accepted.id, 180_000).catch(async (error: unknown) => {
      await test.info().attach('second worker output', { body: second.output.slice(-20_000) });
      // Neither may hide the error it explains: a failed read is attached as what it said.
      const imports = await owner.request
        .get(accepted.statusUrl)
        .then(async (response) => ((await response.json()) as BulkImport).files.map((f) => f.importId))
        .then((importIds) =>
          query(
            'SELECT id::text, state, attempt, rows_read, error_code, updated_at::text FROM imports.imports WHERE id = ANY($1::uuid[])',
            [importIds],
          ),
        )
        .catch((failure: unknown) => String(failure));
      await test.info().attach('imports of the bulk', { body: JSON.stringify(imports, null, 2) });
      throw error;
    });
    expect(bulk.files.map((f) => [f.status, f.counts?.rowsRead, f.counts?.imported])).toEqual(
      parts.map(() => ['completed', ROWS, ROWS]),
    );
    for (const file of bulk.files) {
      const network = await storedNetwork(-(file.sourceId as number));
      expect(network.connections).toHaveLength(ROWS);
      expect(new Set(network.connections.map((c) => c.match_key)).size).toBe(ROWS);
    }
    const importIds = bulk.files.map((f) => f.importId);
    const commits = await query<{ import_id: string; inserted: number }>(
      'SELECT import_id::text, inserted FROM network.import_commits WHERE import_id = ANY($1::uuid[]) ORDER BY import_id',
      [importIds],
    );
    expect(commits).toHaveLength(FILES);
    expect(commits.every((c) => c.inserted === ROWS)).toBe(true);
    // The killed worker's file was taken again: a later attempt is the one that committed.
    const attempts = await query<{ attempt: number }>(
      'SELECT attempt FROM imports.imports WHERE id = ANY($1::uuid[])',
      [importIds],
    );
    expect(Math.max(...attempts.map((a) => a.attempt))).toBeGreaterThanOrEqual(2);
    await expect.poll(stagedRowCount).toBe(0);
  });
});
