import { expect, test, type APIRequestContext } from '@playwright/test';
import type { ImportAccepted, ImportChangesPage, ImportStatus } from '@warmpath/contracts';
import { buildExportRow, buildLinkedInCsv, buildZip } from '@warmpath/testing';
import { randomUUID } from 'node:crypto';
import { signUp, upload, waitForImport } from './import.testing.js';
import { messagesCsv } from './warmth-archive.js';

// Strength changes of a re-imported archive (docs/import.md#strength-changes), through the
// gateway: the import's report counts them, GET /api/imports/{id}/changes lists them.

const ZIP = { fileName: 'Basic_LinkedInDataExport_11-27-2026.zip', mimeType: 'application/zip', async: true };

const row = (firstName: string) =>
  buildExportRow({
    firstName,
    lastName: 'Souza',
    url: `https://www.linkedin.com/in/${firstName.toLowerCase()}-souza-${Math.random().toString(36).slice(2, 8)}`,
    company: 'Initech',
    position: 'Software Engineer',
    connectedOn: '1 Jan 2020',
  });

async function importArchive(request: APIRequestContext, files: { name: string; data: string }[]) {
  const response = await upload(request, buildZip(files), ZIP);
  expect(response.status(), await response.text()).toBe(202);
  const status = await waitForImport(request, ((await response.json()) as ImportAccepted).id);
  expect(status.state, JSON.stringify(status.error)).toBe('completed');
  return status as ImportStatus;
}

async function changes(
  request: APIRequestContext,
  importId: string,
  search = '',
): Promise<ImportChangesPage> {
  const response = await request.get(`/api/imports/${importId}/changes${search}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as ImportChangesPage;
}

test('a newer archive with many more messages with Ana lists her tie as weak → strong', async ({
  request,
}) => {
  await signUp(request);
  const ana = row('Ana');
  const ben = row('Ben');
  const connections = buildLinkedInCsv([ana, ben]);
  // Ana: 4 messages more than a year ago, weak; Ben: 48 messages last week, strong.
  const first = await importArchive(request, [
    { name: 'Connections.csv', data: connections },
    {
      name: 'messages.csv',
      data: messagesCsv([
        { person: ana, count: 4, daysAgo: 400 },
        { person: ben, count: 48, daysAgo: 7 },
      ]),
    },
  ]);
  expect(first.signals?.strengthChanges).toBe(0);

  const newer = await importArchive(request, [
    { name: 'Connections.csv', data: connections },
    {
      name: 'messages.csv',
      data: messagesCsv([
        { person: ana, count: 60, daysAgo: 2 },
        { person: ben, count: 48, daysAgo: 7 },
      ]),
    },
  ]);
  expect(newer).toMatchObject({ imported: 0, unchanged: 2, jobChanges: 0 });
  expect(newer.signals?.strengthChanges).toBe(1);

  const page = await changes(request, newer.id);
  expect(page.counts).toEqual({ new: 0, 'job-change': 0, 'strength-change': 1, absent: 0 });
  expect(page.changes).toEqual([
    {
      kind: 'strength-change',
      connectionId: expect.any(String),
      firstName: 'Ana',
      lastName: 'Souza',
      before: null,
      after: { company: 'Initech', position: 'Software Engineer' },
      strength: {
        before: { band: 'weak', score: expect.any(Number) },
        after: { band: 'strong', score: expect.any(Number) },
      },
    },
  ]);
  expect((await changes(request, newer.id, '?kind=strength-change')).total).toBe(1);

  // The same archive again: every band stays where it was.
  const again = await importArchive(request, [
    { name: 'Connections.csv', data: connections },
    {
      name: 'messages.csv',
      data: messagesCsv([
        { person: ana, count: 60, daysAgo: 2 },
        { person: ben, count: 48, daysAgo: 7 },
      ]),
    },
  ]);
  expect(again.signals?.strengthChanges).toBe(0);
  expect((await changes(request, again.id)).total).toBe(0);

  // An import nobody made: the same 404 as another user's.
  const unknown = await request.get(`/api/imports/${randomUUID()}/changes?kind=strength-change`);
  expect(unknown.status()).toBe(404);
});
