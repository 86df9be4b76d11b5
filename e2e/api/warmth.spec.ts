import { expect, test } from '@playwright/test';
import type { ImportAccepted, NetworkData, WarmPathView } from '@warmpath/contracts';
import { buildExportRow, buildLinkedInCsv, buildZip } from '@warmpath/testing';
import { query, signUp, upload, waitForImport } from './import.testing.js';
import { messagesCsv, positionsCsv } from './warmth-archive.js';

// Warmth from the archive's messages (docs/warmth.md): the strength of each tie, the warmest path
// and its explanation, the import report.

const ZIP = {
  fileName: 'Complete_LinkedInDataExport_11-26-2026.zip',
  mimeType: 'application/zip',
  async: true,
};

const row = (firstName: string, connectedOn: string) =>
  buildExportRow({
    firstName,
    lastName: 'Warm',
    url: `https://www.linkedin.com/in/${firstName.toLowerCase()}-warm-${Math.random().toString(36).slice(2, 8)}`,
    company: 'Initech',
    position: 'Software Engineer',
    connectedOn,
  });

async function importArchive(request: Parameters<typeof upload>[0], files: { name: string; data: string }[]) {
  const response = await upload(request, buildZip(files), ZIP);
  expect(response.status(), await response.text()).toBe(202);
  const status = await waitForImport(request, ((await response.json()) as ImportAccepted).id);
  expect(status.state, JSON.stringify(status.error)).toBe('completed');
  return status;
}

async function pathTo(request: Parameters<typeof upload>[0], id: string): Promise<WarmPathView> {
  const response = await request.get(`/api/network/paths?to=${id}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as WarmPathView;
}

test('the warmest path moves from a long-ago colleague to the person messaged last week', async ({
  request,
}) => {
  await signUp(request);
  const zoe = row('Zoe', '3 Mar 2013');
  const mia = row('Mia', '10 Jan 2025');
  const target = row('Tess', '1 Oct 2026');
  const stranger = buildExportRow({
    firstName: 'Rita',
    url: 'https://www.linkedin.com/in/rita-not-connected',
  });
  const connections = buildLinkedInCsv([zoe, mia, target]);
  const positions = positionsCsv('Initech');
  await importArchive(request, [
    { name: 'Connections.csv', data: connections },
    { name: 'Positions.csv', data: positions },
  ]);
  const before = (await (await request.get('/api/network')).json()) as NetworkData;
  const tess = before.connections.find((c) => c.firstName === 'Tess');
  expect(before.connections.some((c) => c.strength !== undefined)).toBe(false);
  expect((await pathTo(request, tess?.id ?? '')).nodes.map((n) => n.firstName)).toEqual([
    'Ana',
    'Zoe',
    'Tess',
  ]);

  const status = await importArchive(request, [
    { name: 'Connections.csv', data: connections },
    { name: 'Positions.csv', data: positions },
    {
      name: 'messages.csv',
      data: messagesCsv([
        { person: mia, count: 24, daysAgo: 7 },
        { person: stranger, count: 3, daysAgo: 2 },
      ]),
    },
  ]);
  expect(status.signals).toEqual({
    files: [{ name: 'messages.csv', rows: 27 }],
    unreadableFiles: [],
    messages: 27,
    connections: 1,
    ignoredPeople: 1,
    ignoredMessages: 3,
    // The first archive with messages: there was no strength before it to change.
    strengthChanges: 0,
  });

  const after = (await (await request.get('/api/network')).json()) as NetworkData;
  const byName = Object.fromEntries(after.connections.filter((c) => !c.isUser).map((c) => [c.firstName, c]));
  expect(byName['Mia']?.strength?.band).toBe('strong');
  expect(byName['Zoe']?.strength?.band).toBe('medium');
  expect(byName['Mia']?.signals).toMatchObject({
    messagesSent: 12,
    messagesReceived: 12,
    directConversations: 1,
    lastMessageAnswered: true,
  });
  expect(byName['Zoe']?.signals).toBeUndefined();
  expect((byName['Mia']?.strength?.score ?? 0) > (byName['Zoe']?.strength?.score ?? 0)).toBe(true);

  const path = await pathTo(request, tess?.id ?? '');
  expect(path.nodes.map((n) => n.firstName)).toEqual(['Ana', 'Mia', 'Tess']);
  expect(path.hops[0]).toMatchObject({
    explanation: 'You exchanged 24 messages with Mia Warm, the last 7 days ago',
    band: 'strong',
    relationship: [
      { text: 'You exchanged 24 messages with Mia Warm, the last 7 days ago', source: 'messages.csv' },
      { text: 'You worked together at Initech', source: 'Positions.csv' },
      { text: 'Connected 1 year ago', source: 'Connections.csv' },
    ],
  });
});

test('a newer archive replaces the signals of the older one; a plain CSV keeps them', async ({ request }) => {
  const userId = await signUp(request);
  const ana = row('Ann', '1 Jan 2020');
  const ben = row('Bo', '1 Jan 2020');
  const stranger = buildExportRow({ firstName: 'Rex', url: 'https://www.linkedin.com/in/rex-not-connected' });
  const connections = buildLinkedInCsv([ana, ben]);
  await importArchive(request, [
    { name: 'Connections.csv', data: connections },
    {
      name: 'messages.csv',
      data: messagesCsv([
        { person: ana, count: 4, daysAgo: 30 },
        { person: ben, count: 2, daysAgo: 30 },
      ]),
    },
  ]);
  await importArchive(request, [
    { name: 'Connections.csv', data: connections },
    {
      name: 'messages.csv',
      data: messagesCsv([
        { person: ben, count: 6, daysAgo: 1 },
        { person: stranger, count: 1, daysAgo: 3 },
      ]),
    },
  ]);
  const stored = async () =>
    query<{ first_name: string; messages: number }>(
      `SELECT c.first_name, s.messages_sent + s.messages_received AS messages FROM network.connection_signals s
       JOIN network.connections c ON c.id = s.connection_id WHERE s.owner_user_id = $1 ORDER BY 1`,
      [userId],
    );
  expect(await stored()).toEqual([{ first_name: 'Bo', messages: 6 }]);
  const csv = await upload(request, connections);
  expect(csv.status()).toBe(200);
  expect(await stored()).toEqual([{ first_name: 'Bo', messages: 6 }]);
});
