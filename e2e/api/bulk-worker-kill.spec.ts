import { expect, test } from '@playwright/test';
import type { BulkImport, BulkImportAccepted } from '@warmpath/contracts';
import { generateLinkedInCsv } from '@warmpath/testing';
import { spawn, type ChildProcess } from 'node:child_process';
import { stagedRowCount, stackEnv, storedNetwork } from './import-helpers.js';
import { uploadBulk, waitForBulk } from './bulk-helpers.js';
import { signUpMember, workspaceOf, type Member } from './workspace-network-fixtures.js';

// Issue 16 item 6: "files of one bulk are spread over all import workers; a worker killed mid-file
// loses nothing and doubles nothing."

/** One file at a time per worker, small batches, a short lock: slow enough to kill mid-file, retried fast. */
const SLOW_WORKER = {
  IMPORT_CONCURRENCY: '1',
  IMPORT_BATCH_ROWS: '100',
  IMPORT_STAGE_IN_FLIGHT: '1',
  IMPORT_LOCK_DURATION_MS: '2000',
  IMPORT_STALLED_INTERVAL_MS: '1000',
};
const FILES = 4;
const ROWS = 6000;

async function control(action: 'stop' | 'start', env?: Record<string, string>): Promise<void> {
  const response = await fetch(`${process.env.WARMPATH_CONTROL_URL}/services/import-worker/${action}`, {
    method: 'POST',
    body: env ? JSON.stringify(env) : undefined,
  });
  expect(response.ok).toBe(true);
}

/** A second import worker on the same stack, as a second replica would be; its log says what it took. */
function startSecondWorker(): { child: ChildProcess; started: Set<string>; output: string[] } {
  const child = spawn(process.execPath, ['services/import-worker/dist/main.js'], {
    cwd: new URL('../..', import.meta.url).pathname,
    env: { ...process.env, ...stackEnv(), ...SLOW_WORKER, HTTP_PORT: '0', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const started = new Set<string>();
  const output: string[] = [];
  const read = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      output.push(line);
      try {
        const entry = JSON.parse(line) as { msg?: string; importId?: string };
        if (entry.msg === 'import started' && entry.importId) started.add(entry.importId);
      } catch {
        // not a JSON log line
      }
    }
  };
  child.stdout?.on('data', read);
  child.stderr?.on('data', read);
  return { child, started, output };
}

async function bulkNow(owner: Member, id: string): Promise<BulkImport> {
  return (await (await owner.request.get(`/api/bulk-imports/${id}`)).json()) as BulkImport;
}

let owner: Member;
let second: ChildProcess | null = null;

test.describe('a bulk over two workers, one killed mid-file', () => {
  test.describe.configure({ timeout: 420_000 });

  test.beforeAll(async ({ playwright, baseURL }) => {
    await control('stop');
    await control('start', SLOW_WORKER);
    owner = await signUpMember(playwright, baseURL as string, 'Kim', 'Killer');
  });

  test.afterAll(async () => {
    second?.kill('SIGKILL');
    await owner?.request.dispose();
    await control('stop');
    await control('start');
  });

  test('spreads the files over both workers; after SIGKILL the other finishes every file exactly once', async () => {
    const worker = startSecondWorker();
    second = worker.child;
    const teamId = await workspaceOf(owner, []);
    const parts = Array.from({ length: FILES }, (_, index) => ({
      fileName: `person-${index + 1}.csv`,
      content: generateLinkedInCsv(ROWS, { seed: 100 + index }),
    }));
    const response = await uploadBulk(owner.request, teamId, parts);
    expect(response.status(), await response.text()).toBe(202);
    const accepted = (await response.json()) as BulkImportAccepted;
    // The second worker took a file of this bulk and is well into it: kill it there.
    await expect
      .poll(
        async () => {
          const bulk = await bulkNow(owner, accepted.id);
          return bulk.files.some(
            (file) =>
              file.importId !== null &&
              worker.started.has(file.importId) &&
              file.status === 'parsing' &&
              (file.counts?.rowsRead ?? 0) > 500,
          );
        },
        { timeout: 180_000, intervals: [100], message: worker.output.slice(-20).join('\n') },
      )
      .toBe(true);
    second.kill('SIGKILL');
    const bulk = await waitForBulk(owner.request, accepted.id, 240_000);
    expect(bulk.files.map((file) => [file.status, file.counts?.rowsRead, file.counts?.imported])).toEqual(
      Array.from({ length: FILES }, () => ['completed', ROWS, ROWS]),
    );
    for (const file of bulk.files) {
      const network = await storedNetwork(-(file.sourceId as number));
      expect(network.connections).toHaveLength(ROWS);
      expect(new Set(network.connections.map((c) => c.match_key)).size).toBe(ROWS);
    }
    await expect.poll(stagedRowCount).toBe(0);
  });
});
