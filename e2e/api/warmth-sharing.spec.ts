import { expect, test } from '@playwright/test';
import type { ImportAccepted, SharingLevel, WarmPathView } from '@warmpath/contracts';
import { buildExportRow, buildLinkedInCsv, buildZip } from '@warmpath/testing';
import { upload, waitForImport } from './import.testing.js';
import { messagesCsv } from './warmth-archive.js';
import {
  personNamed,
  pooledNetwork,
  signUpMember,
  workspaceOf,
  type Member,
} from './workspace-network.testing.js';

// A teammate's archive warmth as the workspace sees it, field by field (docs/warmth.md "Sharing"):
// nothing at `counts`, the band alone at `names` and `profiles`, the score with every count and
// date at `emails`. Alice messaged Ben 24 times; Vic views the workspace.

test.describe.configure({ mode: 'serial' });

const ZIP = {
  fileName: 'Complete_LinkedInDataExport_11-26-2026.zip',
  mimeType: 'application/zip',
  async: true,
};

let vic: Member;
let alice: Member;
let teamId: number;

test.beforeAll(async ({ playwright, baseURL }) => {
  const url = baseURL as string;
  vic = await signUpMember(playwright, url, 'Vic', 'Viewer');
  alice = await signUpMember(playwright, url, 'Alice', 'Archive');
  const ben = buildExportRow({
    firstName: 'Ben',
    lastName: 'Berg',
    url: `https://www.linkedin.com/in/ben-berg-${Math.random().toString(36).slice(2, 8)}`,
    company: 'Initech',
    position: 'Engineer',
    connectedOn: '10 Jan 2025',
  });
  const response = await upload(
    alice.request,
    buildZip([
      { name: 'Connections.csv', data: buildLinkedInCsv([ben]) },
      // The member is the one in every conversation: two are needed to tell them apart.
      {
        name: 'messages.csv',
        data: messagesCsv([
          { person: ben, count: 24, daysAgo: 7 },
          {
            person: buildExportRow({ url: 'https://www.linkedin.com/in/rex-not-connected' }),
            count: 2,
            daysAgo: 30,
          },
        ]),
      },
    ]),
    ZIP,
  );
  expect(response.status(), await response.text()).toBe(202);
  const status = await waitForImport(alice.request, ((await response.json()) as ImportAccepted).id);
  expect(status.state, JSON.stringify(status.error)).toBe('completed');
  teamId = await workspaceOf(vic, [alice]);
});

test.afterAll(async () => {
  for (const member of [vic, alice]) await member?.request.dispose();
});

async function share(level: SharingLevel) {
  const response = await alice.request.put(`/api/teams/${teamId}/sharing`, { data: { sharing: level } });
  expect(response.status(), await response.text()).toBe(200);
}

async function pathTo(member: Member, id: string): Promise<WarmPathView> {
  const response = await member.request.get(`/api/network/paths?to=${id}&workspaceId=${teamId}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as WarmPathView;
}

const SIGNALS = {
  messagesSent: 12,
  messagesReceived: 12,
  directConversations: 1,
  groupMessages: 0,
  lastMessageAnswered: true,
};

test('Alice sees her own tie with Ben whole in the workspace, whatever she shares', async () => {
  await share('counts');
  const ben = personNamed(await pooledNetwork(alice, teamId), 'Ben');
  expect(ben?.strength).toEqual({ score: expect.any(Number), band: 'strong' });
  expect(ben?.signals).toMatchObject(SIGNALS);
});

test("at counts, Ben and Alice's tie with him are nowhere in what Vic gets", async () => {
  await share('counts');
  const data = await pooledNetwork(vic, teamId);
  expect(personNamed(data, 'Ben')).toBeUndefined();
  expect(JSON.stringify(data)).not.toContain('"signals"');
  expect(JSON.stringify(data)).not.toContain('"score"');
});

for (const level of ['names', 'profiles'] as const) {
  test(`at ${level}, Vic sees the band alone: no score, no counts, no dates, no sentences`, async () => {
    await share(level);
    const ben = personNamed(await pooledNetwork(vic, teamId), 'Ben');
    expect(ben?.strength).toEqual({ band: 'strong' });
    expect(ben).not.toHaveProperty('signals');
    const path = await pathTo(vic, ben?.id ?? '');
    expect(path.nodes.map((n) => n.firstName)).toEqual(['Vic', 'Alice', 'Ben']);
    const hop = path.hops[1];
    expect(hop?.band).toBe('strong');
    expect(hop?.relationship ?? []).toEqual([]);
    expect(hop?.explanation).toMatch(/^Alice Archive knows Ben Berg/);
    expect(hop?.explanation).not.toMatch(/message/i);
    expect(JSON.stringify(path)).not.toMatch(/"signals"|"score"|messages\.csv/);
  });
}

test('at emails, Vic sees the score with every count and date, and the hop in sentences', async () => {
  await share('emails');
  const ben = personNamed(await pooledNetwork(vic, teamId), 'Ben');
  expect(ben?.strength).toEqual({ score: expect.any(Number), band: 'strong' });
  expect(ben?.signals).toMatchObject({
    ...SIGNALS,
    firstMessageOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    lastMessageOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
  });
  const path = await pathTo(vic, ben?.id ?? '');
  expect(path.hops[1]).toMatchObject({
    band: 'strong',
    explanation: 'Alice Archive exchanged 24 messages with Ben Berg, the last 7 days ago',
  });
  expect(path.hops[1]?.relationship?.[0]).toEqual({
    text: 'Alice Archive exchanged 24 messages with Ben Berg, the last 7 days ago',
    source: 'messages.csv',
  });
});
