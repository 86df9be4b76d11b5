import { expect, test } from '@playwright/test';
import { Objm } from '@nats-io/obj';
import { connect } from '@nats-io/transport-node';
import { importUploadBucket, type ImportResult } from '@warmpath/contracts';
import { BAD_FILES, generateExportRows, buildLinkedInCsv } from '@warmpath/testing';
import { query, stackEnv, upload } from './import.testing.js';

// Runs alone, no other spec beside it (docs/developer-guide.md#the-loop): it counts every stored
// row and upload, which the other specs' imports change.
test.describe.configure({ lock: '-exclusive-' });

// POST /api/network/import for visitors who are not signed in: parsed and answered, nothing stored.

async function storedCounts(): Promise<Record<string, number>> {
  const [row] = await query<Record<string, number>>(
    `SELECT (SELECT count(*)::int FROM network.connections) AS connections,
            (SELECT count(*)::int FROM network.company_link_counts) AS link_counts,
            (SELECT count(*)::int FROM network.import_staging) AS staged,
            (SELECT count(*)::int FROM imports.imports) AS imports`,
  );
  return { ...row, uploads: await uploadCount() };
}

/** Objects left in the upload bucket (the claim checks of unfinished imports). */
async function uploadCount(): Promise<number> {
  const env = stackEnv();
  const nc = await connect({ servers: env.NATS_URL });
  try {
    const bucket = await new Objm(nc).create(importUploadBucket(env.NATS_PREFIX ?? ''));
    return (await bucket.list()).length;
  } finally {
    await nc.close();
  }
}

test.describe('anonymous import', () => {
  test('answers the network a file would give and stores nothing', async ({ request }) => {
    const before = await storedCounts();
    const rows = [...generateExportRows(120, { seed: 11, companies: 6 })];
    const response = await upload(request, buildLinkedInCsv(rows), { route: '/api/network/import' });
    expect(response.status()).toBe(200);
    const body = (await response.json()) as ImportResult;
    expect(body.connections).toHaveLength(121);
    expect(body.connections[0]).toMatchObject({ isUser: true, connectionDegree: 0 });
    expect(body.connections.slice(1).map((c) => c.lastName)).toEqual(rows.map((r) => r.lastName));
    expect(body.relationships.length).toBeGreaterThan(0);
    const ids = new Set(body.connections.map((c) => c.id));
    for (const link of body.relationships)
      expect(ids.has(link.sourceId) && ids.has(link.targetId)).toBe(true);
    await expect.poll(storedCounts).toEqual(before);
  });

  test('refuses a file that cannot be used with its message, storing nothing', async ({ request }) => {
    const before = await storedCounts();
    const response = await upload(request, BAD_FILES.binaryRenamed(), { route: '/api/network/import' });
    expect(response.status()).toBe(400);
    expect((await response.json()).message).toBe(
      'This file is not a text CSV file. If you opened it in a spreadsheet, save it again as CSV (comma-separated).',
    );
    await expect.poll(storedCounts).toEqual(before);
  });

  test('applies the upload checks of the import dialog', async ({ request }) => {
    const notCsv = await upload(request, 'hello', {
      route: '/api/network/import',
      fileName: 'notes.txt',
      mimeType: 'text/plain',
    });
    expect(notCsv.status()).toBe(415);
    expect((await notCsv.json()).message).toBe('Please upload a CSV file exported from LinkedIn.');
    const noFile = await request.post('/api/network/import', { multipart: { other: 'x' } });
    expect(noFile.status()).toBe(400);
    expect((await noFile.json()).message).toBe('Please select a CSV file to upload.');
  });
});
