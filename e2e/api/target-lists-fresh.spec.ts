import { expect, test } from '@playwright/test';
import type { TargetList, TargetListResults, TargetResultRow } from '@warmpath/contracts';
import { exportRow } from './network.testing.js';
import { bearer, createToken } from './tokens.testing.js';
import { errorOf, importRows, signUpMember, workspaceOf, type Member } from './workspace-network.testing.js';

// New ways in since a reader marked a list seen (docs/targets.md#new-ways-in), through the whole
// stack: PUT {base}/{listId}/seen, then a teammate's import shows as isNew and newWaysIn.
const row = (first: string, last: string, company: string) =>
  exportRow(first, last, `${first.toLowerCase()}-${last.toLowerCase()}-fresh`, company, 3, {
    position: 'Head of Sales',
  });

let ivy: Member;
let jon: Member;
let outsider: Member;
let teamId: number;
let listId: string;

const base = () => `/api/teams/${teamId}/target-lists`;

async function resultsOf(member: Member, path: string): Promise<TargetListResults> {
  const response = await member.request.get(path);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as TargetListResults;
}

const named = (results: TargetListResults, name: string): TargetResultRow | undefined =>
  results.rows.find((r) => r.target.kind === 'company' && r.target.name === name);

async function newWaysIn(member: Member, path: string, id: string): Promise<number | undefined> {
  const response = await member.request.get(path);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { lists: TargetList[] }).lists.find((list) => list.id === id)?.newWaysIn;
}

test.beforeAll(async ({ playwright, baseURL }) => {
  const url = baseURL as string;
  ivy = await signUpMember(playwright, url, 'Ivy', 'Fresh');
  jon = await signUpMember(playwright, url, 'Jon', 'Fresh');
  outsider = await signUpMember(playwright, url, 'Otto', 'Fresh');
  await importRows(ivy, [row('Nia', 'Known', 'Acme Labs')]);
  teamId = await workspaceOf(ivy, [jon]);
  const created = await ivy.request.post(base(), {
    data: { name: 'Fresh accounts', text: 'Acme Labs\nGlobex\n' },
  });
  expect(created.status(), await created.text()).toBe(201);
  listId = ((await created.json()) as TargetList).id;
});

test.afterAll(async () => {
  for (const member of [ivy, jon, outsider]) await member?.request.dispose();
});

test('PUT .../seen: 204, then a teammate import is a new way in until seen again', async () => {
  const before = await resultsOf(ivy, `${base()}/${listId}`);
  expect(before).toMatchObject({ lastOpenedAt: null, newWaysIn: 0, offset: 0, rowCount: 2, coveredCount: 1 });
  expect(before.totals).toMatchObject({ covered: 1, byConnector: [{ userId: ivy.userId, targets: 1 }] });
  expect(before.rows.some((r) => 'isNew' in r)).toBe(false);

  const seen = await ivy.request.put(`${base()}/${listId}/seen`);
  expect(seen.status(), await seen.text()).toBe(204);
  expect(await seen.text()).toBe('');
  const marked = await resultsOf(ivy, `${base()}/${listId}`);
  expect(marked.lastOpenedAt).not.toBeNull();
  expect(marked.newWaysIn).toBe(0);

  await importRows(jon, [row('Gus', 'Globex', 'Globex')]);
  const after = await resultsOf(ivy, `${base()}/${listId}`);
  expect(named(after, 'Globex')).toMatchObject({
    covered: true,
    isNew: true,
    bestConnector: { userId: jon.userId },
  });
  expect(named(after, 'Acme Labs')?.isNew).toBe(false);
  expect(after.newWaysIn).toBe(1);
  expect(after.lastOpenedAt).toBe(marked.lastOpenedAt);
  expect(await newWaysIn(ivy, base(), listId)).toBe(1);
  // Jon never marked it: nothing is new for him.
  expect(await newWaysIn(jon, base(), listId)).toBe(0);

  expect((await ivy.request.put(`${base()}/${listId}/seen`)).status()).toBe(204);
  expect((await resultsOf(ivy, `${base()}/${listId}`)).newWaysIn).toBe(0);
  expect(await newWaysIn(ivy, base(), listId)).toBe(0);
});

test('PUT .../seen on an own list', async () => {
  const created = await ivy.request.post('/api/target-lists', { data: { name: 'Mine', text: 'Initech\n' } });
  expect(created.status(), await created.text()).toBe(201);
  const own = ((await created.json()) as TargetList).id;
  expect((await ivy.request.put(`/api/target-lists/${own}/seen`)).status()).toBe(204);
  await importRows(ivy, [row('Olga', 'Oak', 'Initech')]);
  const after = await resultsOf(ivy, `/api/target-lists/${own}`);
  expect(after.rows[0]).toMatchObject({ covered: true, isNew: true });
  expect(await newWaysIn(ivy, '/api/target-lists', own)).toBe(1);
  // Someone else's own list is no list of theirs.
  expect(await errorOf(await jon.request.put(`/api/target-lists/${own}/seen`))).toMatchObject({
    status: 404,
  });
});

test('PUT .../seen errors: non-member, unknown list, bad ids', async () => {
  const asOutsider = await errorOf(await outsider.request.put(`${base()}/${listId}/seen`));
  const unknownTeam = await errorOf(
    await outsider.request.put(`/api/teams/999999/target-lists/${listId}/seen`),
  );
  expect(asOutsider).toEqual(unknownTeam);
  expect(asOutsider).toMatchObject({ status: 404, body: { message: 'Workspace not found' } });
  expect(await errorOf(await ivy.request.put(`${base()}/not-a-uuid/seen`))).toMatchObject({ status: 404 });
  expect(
    await errorOf(await ivy.request.put(`${base()}/00000000-0000-4000-8000-000000000000/seen`)),
  ).toMatchObject({ status: 404, body: { message: 'Target list not found' } });
  expect(await errorOf(await ivy.request.put(`/api/teams/abc/target-lists/${listId}/seen`))).toMatchObject({
    status: 400,
  });
});

test('PUT .../seen takes a targets:read token, and refuses one without it', async ({
  playwright,
  baseURL,
}) => {
  const reader = await createToken(ivy.request, ['targets:read']);
  const other = await createToken(ivy.request, ['network:read']);
  const withReader = await playwright.request.newContext({ baseURL, extraHTTPHeaders: bearer(reader) });
  const withOther = await playwright.request.newContext({ baseURL, extraHTTPHeaders: bearer(other) });
  try {
    expect((await withReader.put(`${base()}/${listId}/seen`)).status()).toBe(204);
    expect((await withOther.put(`${base()}/${listId}/seen`)).status()).toBe(403);
  } finally {
    await withReader.dispose();
    await withOther.dispose();
  }
});
