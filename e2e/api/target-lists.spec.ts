import { expect, test, type APIResponse } from '@playwright/test';
import type { TargetList } from '@warmpath/contracts';
import { queryDatabase } from './network.testing.js';
import { byName, created, csvFile, resultsOf, targetPersonRow } from './target-lists.testing.js';
import { errorOf, importRows, signUpMember, workspaceOf, type Member } from './workspace-network.testing.js';

// Target lists (docs/targets.md#routes) through the whole stack. Vic (owner) knows Nia at
// "Acme Labs, Inc."; Ned (member, names) knows Olga at Initech GmbH; Cora shares counts only and
// knows Vera at Vault Inc and Gail at Acme Labs: she must never show as a way in, nor her people.
const row = (first: string, last: string, company: string) => targetPersonRow(first, last, company);

const ACCOUNTS_CSV = [
  'Account Name,Website',
  'acme labs,',
  '  ACME Labs Inc. ,',
  'The Initech,',
  'Vault Inc,',
  'Umbrella Corp,umbrella.example',
  '',
].join('\n');

let vic: Member;
let ned: Member;
let cora: Member;
let outsider: Member;
let teamId: number;

test.beforeAll(async ({ playwright, baseURL }) => {
  const url = baseURL as string;
  vic = await signUpMember(playwright, url, 'Vic', 'Targets');
  ned = await signUpMember(playwright, url, 'Ned', 'Targets');
  cora = await signUpMember(playwright, url, 'Cora', 'Targets');
  outsider = await signUpMember(playwright, url, 'Otto', 'Outsider');
  await importRows(vic, [row('Nia', 'Named', 'Acme Labs, Inc.')]);
  await importRows(ned, [row('Olga', 'Oak', 'Initech GmbH')]);
  await importRows(cora, [row('Vera', 'Vaulted', 'Vault Inc'), row('Gail', 'Hidden', 'Acme Labs')]);
  teamId = await workspaceOf(vic, [ned, cora]);
  const sharing = await cora.request.put(`/api/teams/${teamId}/sharing`, { data: { sharing: 'counts' } });
  expect(sharing.status(), await sharing.text()).toBe(200);
});

test.afterAll(async () => {
  for (const member of [vic, ned, cora, outsider]) await member?.request.dispose();
});

test('a workspace list from a messy CSV: folded names, duplicates skipped, covered with the connector', async () => {
  const list = await created(
    await ned.request.post(`/api/teams/${teamId}/target-lists`, {
      multipart: { name: 'Q3 accounts', file: csvFile(ACCOUNTS_CSV) },
    }),
  );
  expect(list).toMatchObject({
    teamId,
    name: 'Q3 accounts',
    sourceName: 'accounts.csv',
    targetCount: 4,
    skippedCount: 1,
    createdBy: ned.userId,
  });
  const lists = await vic.request.get(`/api/teams/${teamId}/target-lists`);
  expect(((await lists.json()) as { lists: TargetList[] }).lists.map((l) => l.id)).toContain(list.id);

  const results = await resultsOf(vic, `/api/teams/${teamId}/target-lists/${list.id}`);
  expect(results.coveredCount).toBe(2);
  expect(results.skipped).toEqual([
    expect.objectContaining({ line: 3, reason: 'duplicate', duplicateOf: 2 }),
  ]);
  // Covered first; each with its way in.
  expect(results.rows.map((r) => r.covered)).toEqual([true, true, false, false]);
  const acme = byName(results, 'acme labs');
  expect(acme).toMatchObject({ match: 'folded', covered: true, peopleCount: 1, hiddenPeopleCount: 0 });
  expect(acme?.bestConnector?.userId).toBe(vic.userId);
  expect(acme?.people.map((p) => `${p.firstName} ${p.lastName}`)).toEqual(['Nia Named']);
  const initech = byName(results, 'The Initech');
  expect(initech).toMatchObject({ match: 'folded', covered: true, reached: 'company' });
  expect(initech?.bestConnector?.userId).toBe(ned.userId);
  expect(initech?.warmthBand).not.toBeNull();
  for (const name of ['Vault Inc', 'Umbrella Corp'])
    expect(byName(results, name)).toMatchObject({ covered: false, bestConnector: null, people: [] });
});

test('a member sharing counts is never a connector nor shows a person, field by field', async () => {
  const list = await created(
    await vic.request.post(`/api/teams/${teamId}/target-lists`, {
      data: { name: 'Counts check', text: 'Acme Labs\nVault Inc\nInitech' },
    }),
  );
  for (const viewer of [vic, ned]) {
    const results = await resultsOf(viewer, `/api/teams/${teamId}/target-lists/${list.id}`);
    expect(results.rows).toHaveLength(3);
    for (const result of results.rows) {
      const connectors = [result.bestConnector, ...result.otherConnectors].filter((c) => c !== null);
      for (const connector of connectors) expect([vic.userId, ned.userId]).toContain(connector.userId);
      for (const person of result.people) {
        expect(['Nia', 'Olga']).toContain(person.firstName);
        expect(person.knownBy).not.toBe(cora.userId);
        expect(person.knowers).not.toContain(cora.userId);
        expect(person.knowers).not.toContain(0);
      }
      // One person of hers at Vault Inc: too few to count, so nothing points at her.
      expect(result.hiddenPeopleCount).toBe(0);
    }
    const acme = byName(results, 'Acme Labs');
    expect(acme?.peopleCount).toBe(1);
    expect(byName(results, 'Vault Inc')).toMatchObject({ covered: false, match: 'none', people: [] });
    expect(JSON.stringify(results)).not.toMatch(/Vera|Gail|Vaulted|Hidden/);
  }
});

test('pasted lines make an own list, matched against your own network', async () => {
  const list = await created(
    await vic.request.post('/api/target-lists', { data: { name: 'Mine', text: 'ACME LABS\nNowhere Ltd\n' } }),
  );
  expect(list).toMatchObject({ teamId: null, sourceName: null, targetCount: 2, createdBy: vic.userId });
  const results = await resultsOf(vic, `/api/target-lists/${list.id}`);
  expect(results.rows.map((r) => [r.target.kind === 'company' && r.target.name, r.covered])).toEqual([
    ['ACME LABS', true],
    ['Nowhere Ltd', false],
  ]);
  expect(results.rows[0]?.bestConnector?.userId).toBe(vic.userId);
  // Someone else's own list is a list that does not exist.
  expect((await ned.request.get(`/api/target-lists/${list.id}`)).status()).toBe(404);
  const own = await ned.request.get('/api/target-lists');
  expect(((await own.json()) as { lists: TargetList[] }).lists.map((l) => l.id)).not.toContain(list.id);
});

test('a non-member gets the unknown workspace 404 on every route, with the same body', async () => {
  const list = await created(
    await vic.request.post(`/api/teams/${teamId}/target-lists`, {
      data: { name: 'Secret', text: 'Acme Labs' },
    }),
  );
  const unknown = 2_000_000_000;
  const calls = (team: number) => [
    () => outsider.request.get(`/api/teams/${team}/target-lists`),
    () =>
      outsider.request.post(`/api/teams/${team}/target-lists`, { data: { name: 'x', text: 'Acme Labs' } }),
    () =>
      outsider.request.post(`/api/teams/${team}/target-lists`, {
        multipart: { name: 'x', file: csvFile(ACCOUNTS_CSV) },
      }),
    () => outsider.request.get(`/api/teams/${team}/target-lists/${list.id}`),
    () => outsider.request.delete(`/api/teams/${team}/target-lists/${list.id}`),
  ];
  const real = calls(teamId);
  const none = calls(unknown);
  for (const [index, call] of real.entries()) {
    const answer = await errorOf(await call());
    expect(answer.status).toBe(404);
    expect(answer).toEqual(await errorOf(await (none[index] as () => Promise<APIResponse>)()));
  }
  // Nothing was stored by the non-member's posts.
  const rows = await queryDatabase<{ n: number }>(
    'SELECT count(*)::int AS n FROM network.target_lists WHERE created_by = $1',
    [outsider.userId],
  );
  expect(rows[0]?.n).toBe(0);
});

test('a refused file is a 400 with its reason, and nothing is stored', async () => {
  const before = await queryDatabase<{ n: number }>(
    'SELECT count(*)::int AS n FROM network.target_lists WHERE team_id = $1',
    [teamId],
  );
  const refusals: [string, string, RegExp][] = [
    ['empty.csv', '', /empty/i],
    ['blank.csv', '\n\n  \n', /empty/i],
    ['numbers.csv', 'Amount,Quarter\n12,Q1\n14,Q2\n', /column/i],
  ];
  for (const [name, csv, message] of refusals) {
    const response = await vic.request.post(`/api/teams/${teamId}/target-lists`, {
      multipart: { name: 'Refused', file: csvFile(csv, name) },
    });
    const answer = await errorOf(response);
    expect(answer.status, name).toBe(400);
    expect(answer.body).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringMatching(message) });
  }
  const noFile = await vic.request.post(`/api/teams/${teamId}/target-lists`, {
    multipart: { name: 'No file' },
  });
  expect(noFile.status()).toBe(400);
  const emptyPaste = await vic.request.post(`/api/teams/${teamId}/target-lists`, {
    data: { name: 'P', text: '' },
  });
  expect(emptyPaste.status()).toBe(400);
  const after = await queryDatabase<{ n: number }>(
    'SELECT count(*)::int AS n FROM network.target_lists WHERE team_id = $1',
    [teamId],
  );
  expect(after[0]?.n).toBe(before[0]?.n);
});

test('a file over 5 MB is a 413, a body neither multipart nor JSON a 415; nothing is stored', async () => {
  const big = 'Company\n' + 'Acme Labs\n'.repeat(600_000);
  const tooLarge = await errorOf(
    await vic.request.post('/api/target-lists', {
      multipart: { name: 'Big', file: csvFile(big, 'big.csv') },
    }),
  );
  expect(tooLarge.status).toBe(413);
  expect(tooLarge.body).toMatchObject({
    code: 'PAYLOAD_TOO_LARGE',
    message: expect.stringMatching(/at most 5\.0 MB/),
  });
  const text = await errorOf(
    await vic.request.post('/api/target-lists', {
      headers: { 'content-type': 'text/plain' },
      data: 'Acme Labs',
    }),
  );
  expect(text.status).toBe(415);
  expect(text.body).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  const stored = await queryDatabase<{ n: number }>(
    "SELECT count(*)::int AS n FROM network.target_lists WHERE created_by = $1 AND name = 'Big'",
    [vic.userId],
  );
  expect(stored[0]?.n).toBe(0);
});

test('delete: a member who did not create it gets 403; the creator deletes it with its rows', async () => {
  const list = await created(
    await vic.request.post(`/api/teams/${teamId}/target-lists`, {
      data: { name: 'To delete', text: 'Acme Labs' },
    }),
  );
  const path = `/api/teams/${teamId}/target-lists/${list.id}`;
  const refused = await errorOf(await ned.request.delete(path));
  expect(refused.status).toBe(403);
  expect(refused.body).toMatchObject({ code: 'FORBIDDEN' });
  const deleted = await vic.request.delete(path);
  expect(deleted.status(), await deleted.text()).toBe(200);
  expect(await deleted.json()).toEqual({ id: list.id });
  expect((await vic.request.get(path)).status()).toBe(404);
  expect((await vic.request.delete(path)).status()).toBe(404);
  const rows = await queryDatabase<{ n: number }>(
    'SELECT count(*)::int AS n FROM network.target_rows WHERE list_id = $1',
    [list.id],
  );
  expect(rows[0]?.n).toBe(0);
});

test("the workspace's owner may delete a member's list", async () => {
  const list = await created(
    await ned.request.post(`/api/teams/${teamId}/target-lists`, {
      data: { name: 'Ned list', text: 'Initech' },
    }),
  );
  const deleted = await vic.request.delete(`/api/teams/${teamId}/target-lists/${list.id}`);
  expect(deleted.status(), await deleted.text()).toBe(200);
});
