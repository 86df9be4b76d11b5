import { expect, type APIRequestContext } from '@playwright/test';
import type { ImportStatus } from '@warmpath/contracts';

/**
 * Polls GET /api/imports/{id} until the import completed or failed, and answers its status. A
 * non-200 answer (a service restarting in a fault scenario) is shown in the poll's message and
 * polled again, so a test fails on the timeout with the last answer, not on a parse error.
 */
export async function waitForImport(
  request: APIRequestContext,
  importId: string,
  timeoutMs = 60_000,
): Promise<ImportStatus> {
  let status: ImportStatus | null = null;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/imports/${importId}`);
        if (response.status() !== 200) return `HTTP ${response.status()}`;
        status = (await response.json()) as ImportStatus;
        return status.state;
      },
      { timeout: timeoutMs, intervals: [100, 250, 500, 1000] },
    )
    .toMatch(/^(completed|failed)$/);
  return status as unknown as ImportStatus;
}
