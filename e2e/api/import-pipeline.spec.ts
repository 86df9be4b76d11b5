import { expect, test } from '@playwright/test';
import type { ImportAccepted, ImportResult, ImportStatus, NetworkData } from '@warmpath/contracts';
import {
  buildExportRow,
  buildLinkedInCsv,
  generateExportRows,
  generateLinkedInCsv,
  type ExportRow,
} from '@warmpath/testing';
import {
  cookieOf,
  query,
  readImportEvents,
  signUp,
  stagedRowCount,
  storedLinkTotal,
  storedNetwork,
  upload,
  waitForImport,
} from './import.testing.js';

// The import pipeline (docs/import.md) through the gateway on the real services: a realistic
// export, the same file again, an updated export, progress, ownership, joining a running import,
// the 202 paths.

const people = (count: number, seed: number): ExportRow[] => [
  ...generateExportRows(count, { seed, companies: 12 }),
];

test.describe('import pipeline', () => {
  test('imports a realistic export and answers the network with the own node first', async ({ request }) => {
    const userId = await signUp(request);
    const rows = people(400, 1);
    const response = await upload(request, buildLinkedInCsv(rows, { lineEnding: '\r\n', bom: true }));
    expect(response.status()).toBe(200);
    const body = (await response.json()) as ImportResult;
    // The UI counts connections.length - 1: the user's own node is included.
    expect(body.connections).toHaveLength(401);
    expect(body.connections[0]).toMatchObject({
      id: `u${userId}`,
      isUser: true,
      connectionDegree: 0,
      firstName: 'Ana',
    });
    const first = rows[0] as ExportRow;
    const stored = body.connections.find((c) => c.linkedinUrl === first.url);
    expect(stored).toMatchObject({
      firstName: first.firstName,
      lastName: first.lastName,
      company: first.company || null,
      position: first.position || null,
      connectionDegree: 1,
      isUser: false,
      type: 'connection',
      knownBy: [userId],
    });
    expect(stored?.positionInfo.seniority).toBeGreaterThanOrEqual(1);
    expect(body.relationships.length).toBeGreaterThan(0);
    for (const link of body.relationships) {
      expect(['company-role', 'company-group', 'company-general']).toContain(link.type);
      expect([150, 130, 80, 50]).toContain(link.strength);
    }
    const network = await storedNetwork(userId);
    expect(network.connections).toHaveLength(400);
    expect(storedLinkTotal(network)).toBe(body.relationships.length);
    // The answer's links are the ones the network lists (derived on read, named after both ends).
    const listed = ((await (await request.get('/api/network')).json()) as NetworkData).relationships;
    expect(listed.filter((r) => r.type !== 'connection')).toEqual(body.relationships);
    for (const link of body.relationships) expect(link.id).toBe(`${link.sourceId}-${link.targetId}`);
    expect(await stagedRowCount(userId)).toBe(0);
  });

  test('changes nothing when the same file is imported again', async ({ request }) => {
    const userId = await signUp(request);
    const csv = buildLinkedInCsv(people(300, 2));
    expect((await upload(request, csv)).status()).toBe(200);
    const before = await storedNetwork(userId);
    const again = await upload(request, csv, { async: true });
    const status = await waitForImport(request, ((await again.json()) as ImportAccepted).id);
    expect(status).toMatchObject({ state: 'completed', imported: 0, updated: 0, unchanged: 300 });
    expect(await storedNetwork(userId)).toEqual(before);
  });

  test('updates positions and companies from a newer export and keeps notes', async ({ request }) => {
    const userId = await signUp(request);
    const rows = people(200, 3);
    await upload(request, buildLinkedInCsv(rows));
    const ana = rows[0] as ExportRow;
    await query(
      `UPDATE network.connections SET notes = 'Met at the Lisbon meetup' WHERE owner_user_id = $1 AND linkedin_url = $2`,
      [userId, ana.url],
    );
    const newer = rows.map((row, index) =>
      index === 0
        ? { ...row, company: 'Brand New Startup', position: 'Founder' }
        : index === 1
          ? { ...row, position: 'VP of Engineering' }
          : row,
    );
    newer.push(buildExportRow({ firstName: 'Zed', lastName: 'Newcomer' }));
    const response = await upload(request, buildLinkedInCsv(newer), { async: true });
    const status = await waitForImport(request, ((await response.json()) as ImportAccepted).id);
    expect(status).toMatchObject({ state: 'completed', imported: 1, updated: 2, unchanged: 198 });
    const stored = await query<{ company: string; position: string; notes: string | null }>(
      'SELECT company, position, notes FROM network.connections WHERE owner_user_id = $1 AND linkedin_url = $2',
      [userId, ana.url],
    );
    expect(stored).toEqual([
      { company: 'Brand New Startup', position: 'Founder', notes: 'Met at the Lisbon meetup' },
    ]);
    const network = await storedNetwork(userId);
    expect(network.connections).toHaveLength(201);
    // The new company got no links (one person); the old one was relinked without Ana; the
    // import's count is what the network lists.
    const listed = ((await (await request.get('/api/network')).json()) as NetworkData).relationships;
    const companyLinks = listed.filter((r) => r.type !== 'connection');
    const anaId = network.connections.find((c) => c.linkedin_url === ana.url)?.id;
    expect(anaId).toEqual(expect.any(String));
    expect(companyLinks.filter((r) => r.sourceId === anaId || r.targetId === anaId)).toEqual([]);
    expect(companyLinks.filter((r) => r.company === ana.company).length).toBeGreaterThan(0);
    expect(status.relationships).toBe(companyLinks.length);
    expect(storedLinkTotal(network)).toBe(companyLinks.length);
  });

  test('matches a person imported without a profile URL when a later export has it', async ({ request }) => {
    const userId = await signUp(request);
    const ben = buildExportRow({
      firstName: 'Ben',
      lastName: 'Okafor',
      company: 'Initech',
      position: 'Engineer',
    });
    await upload(request, buildLinkedInCsv([ben], { format: 'legacy' }));
    await upload(request, buildLinkedInCsv([{ ...ben, position: 'Senior Engineer' }]));
    const stored = await query<{ linkedin_url: string; position: string }>(
      'SELECT linkedin_url, position FROM network.connections WHERE owner_user_id = $1',
      [userId],
    );
    expect(stored).toEqual([{ linkedin_url: ben.url, position: 'Senior Engineer' }]);
  });

  test('reports progress as events and as a status only its owner can read', async ({
    request,
    playwright,
  }) => {
    await signUp(request);
    const csv = buildLinkedInCsv([...people(3000, 4), buildExportRow({ firstName: '', lastName: '' })]);
    const accepted = (await (await upload(request, csv, { async: true })).json()) as ImportAccepted;
    expect(accepted).toMatchObject({
      state: 'queued',
      joined: false,
      statusUrl: `/api/imports/${accepted.id}`,
    });
    const events = await readImportEvents(accepted.id, await cookieOf(request));
    const states = events.map((event) => event.state);
    expect(states.at(-1)).toBe('completed');
    expect(states).toEqual(expect.arrayContaining(['saving', 'linking', 'completed']));
    const done = events.at(-1) as ImportStatus;
    expect(done).toMatchObject({
      rowsRead: 3001,
      imported: 3000,
      skipped: 1,
      skippedRows: [{ line: 3005, reason: 'Missing first and last name' }],
    });
    const reads = events.map((event) => event.rowsRead);
    expect(reads).toEqual([...reads].sort((a, b) => a - b));
    expect((await request.get(accepted.statusUrl)).status()).toBe(200);
    const stranger = await playwright.request.newContext({ baseURL: process.env.WARMPATH_URL });
    await signUp(stranger);
    expect((await stranger.get(accepted.statusUrl)).status()).toBe(404);
    expect((await stranger.get(accepted.eventsUrl)).status()).toBe(404);
    await stranger.dispose();
    expect((await request.get('/api/imports/not-an-id')).status()).toBe(404);
  });

  test('lets the same file uploaded twice join the running import', async ({ request }) => {
    const userId = await signUp(request);
    const csv = generateLinkedInCsv(8000, { seed: 5 });
    const [first, second] = await Promise.all([
      upload(request, csv, { async: true }),
      upload(request, csv, { async: true }),
    ]);
    const a = (await first.json()) as ImportAccepted;
    const b = (await second.json()) as ImportAccepted;
    expect(b.id).toBe(a.id);
    expect([a.joined, b.joined].sort()).toEqual([false, true]);
    expect(await waitForImport(request, a.id)).toMatchObject({ state: 'completed', imported: 8000 });
    expect(await query('SELECT id FROM imports.imports WHERE user_id = $1', [userId])).toHaveLength(1);
  });

  test('answers 202 with the import when the network is too big to answer inline', async ({ request }) => {
    await signUp(request);
    const response = await upload(request, generateLinkedInCsv(6000, { seed: 6 }));
    expect(response.status()).toBe(202);
    expect(response.headers().location).toMatch(/^\/api\/imports\/[0-9a-f-]{36}$/);
    const body = (await response.json()) as ImportAccepted;
    expect(body).toMatchObject({ state: 'completed', imported: 6000, eventsUrl: `${body.statusUrl}/events` });
  });
});
