import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import type { BulkImport } from '@warmpath/contracts';

/** One file of a bulk upload: its bytes, file name, and optionally whose export it is. */
export interface BulkPart {
  fileName: string;
  content: string | Uint8Array;
  name?: string;
  email?: string;
  mimeType?: string;
}

/** Multipart as the CLI and the workspace screen send it: per file `name`, `email`, then `file`. */
export function bulkForm(parts: readonly BulkPart[]): FormData {
  const form = new FormData();
  for (const part of parts) {
    if (part.name !== undefined) form.append('name', part.name);
    if (part.email !== undefined) form.append('email', part.email);
    const bytes = new Uint8Array(Buffer.from(part.content));
    form.append('file', new Blob([bytes], { type: part.mimeType ?? 'text/csv' }), part.fileName);
  }
  return form;
}

export function uploadBulk(
  request: APIRequestContext,
  teamId: number,
  parts: readonly BulkPart[],
  headers: Record<string, string> = {},
): Promise<APIResponse> {
  return request.post(`/api/teams/${teamId}/bulk-imports`, {
    multipart: bulkForm(parts),
    headers,
    timeout: 60_000,
  });
}

/**
 * Polls GET /api/bulk-imports/{id} until every file is completed or failed. Past the timeout it
 * fails with each file's last status and counts, so a stuck file says which it is.
 */
export async function waitForBulk(
  request: APIRequestContext,
  bulkId: string,
  timeoutMs = 90_000,
): Promise<BulkImport> {
  const deadline = Date.now() + timeoutMs;
  const pauses = [200, 500, 1000];
  let bulk: BulkImport | null = null;
  for (let round = 0; ; round += 1) {
    const response = await request.get(`/api/bulk-imports/${bulkId}`);
    // A poll that meets a worker's restart (a status request it took to its grave) is 503/504:
    // polled again, as the CLI does; any other answer is the test's failure.
    if (![502, 503, 504].includes(response.status())) {
      expect(response.status(), await response.text()).toBe(200);
      bulk = (await response.json()) as BulkImport;
      if (bulk.files.every((file) => file.status === 'completed' || file.status === 'failed')) return bulk;
    }
    if (Date.now() > deadline) break;
    await new Promise((done) => setTimeout(done, pauses[Math.min(round, pauses.length - 1)]));
  }
  if (!bulk) throw new Error(`bulk ${bulkId}: no answer but 502-504 in ${timeoutMs} ms`);
  const files = bulk.files.map((f) => `${f.fileName}: ${f.status} ${JSON.stringify(f.counts ?? null)}`);
  throw new Error(`bulk ${bulkId} unfinished after ${timeoutMs} ms:\n${files.join('\n')}`);
}
