import { expect, test, type APIResponse } from '@playwright/test';
import type { TargetList, TargetListResults } from '@warmpath/contracts';
import { queryDatabase } from './network.testing.js';
import {
  byName,
  created,
  csvFile,
  resultsOf,
  targetPersonRow,
  workspaceWithRoles,
} from './target-lists.testing.js';
import { bearer, createToken } from './tokens.testing.js';
import { errorOf, importRows, signUpMember, type Member } from './workspace-network.testing.js';

// Target lists' routes by role and token (docs/targets.md#routes, #export). Vic owns the
// workspace and knows Nia at Acme Labs; Ada (admin) knows Ann at Acme Labs too; Ned (member)
// knows Olga at Initech and creates the lists; Mel is a plain member; Otto is no member.

let vic: Member;
let ada: Member;
let ned: Member;
let mel: Member;
let otto: Member;
let teamId: number;
let base: string;

const UNKNOWN_TEAM = 2_000_000_000;
const UNKNOWN_LIST = '00000000-0000-4000-8000-000000000000';
const LIST_NOT_FOUND = {
  statusCode: 404,
  code: 'NOT_FOUND',
  message: 'Target list not found',
  error: 'Target list not found',
};

const PASTED = 'Acme Labs\nInitech\n=SUM(1+1)\nNowhere Ltd\n';

async function nedsList(name = 'Q3 accounts'): Promise<TargetList> {
  return created(await ned.request.post(base, { data: { name, text: PASTED } }));
}

const listCount = async (userId: number): Promise<number> =>
  (
    await queryDatabase<{ n: number }>(
      'SELECT count(*)::int AS n FROM network.target_lists WHERE created_by = $1',
      [userId],
    )
  )[0]?.n ?? -1;

/** Every route of one list, as `who` calls it; `valid` bodies for the changes. */
function listCalls(who: Member, path: string) {
  return {
    results: () => who.request.get(path),
    exportCsv: () => who.request.get(`${path}/export.csv`),
    rename: () => who.request.put(path, { data: { name: 'Renamed' } }),
    correct: () =>
      who.request.put(`${path}/corrections`, { data: { corrections: [{ line: 4, companyKey: null }] } }),
    removeCorrection: () => who.request.delete(`${path}/corrections/4`),
    remove: () => who.request.delete(path),
  };
}

test.beforeAll(async ({ playwright, baseURL }) => {
  const url = baseURL as string;
  vic = await signUpMember(playwright, url, 'Vic', 'Routes');
  ada = await signUpMember(playwright, url, 'Ada', 'Routes');
  ned = await signUpMember(playwright, url, 'Ned', 'Routes');
  mel = await signUpMember(playwright, url, 'Mel', 'Routes');
  otto = await signUpMember(playwright, url, 'Otto', 'Routes');
  await importRows(vic, [targetPersonRow('Nia', 'Named', 'Acme Labs, Inc.', '+Head of Sales')]);
  await importRows(ada, [targetPersonRow('Ann', 'Admin', 'Acme Labs', 'CTO')]);
  await importRows(ned, [targetPersonRow('Olga', 'Oak', 'Initech GmbH')]);
  teamId = await workspaceWithRoles(vic, [
    [ada, 'admin'],
    [ned, 'member'],
    [mel, 'member'],
  ]);
  base = `/api/teams/${teamId}/target-lists`;
});

test.afterAll(async () => {
  for (const member of [vic, ada, ned, mel, otto]) await member?.request.dispose();
});

test('the creator, the owner and an admin rename, correct and uncorrect a list; a plain member reads it but gets 403 on changes', async () => {
  const list = await nedsList();
  const path = `${base}/${list.id}`;
  for (const [who, name] of [
    [ned, 'By creator'],
    [vic, 'By owner'],
    [ada, 'By admin'],
  ] as const) {
    const renamed = await who.request.put(path, { data: { name: `  ${name} ` } });
    expect(renamed.status(), await renamed.text()).toBe(200);
    expect(await renamed.json()).toMatchObject({ id: list.id, name, updatedBy: who.userId });
    const corrected = await who.request.put(`${path}/corrections`, {
      data: { corrections: [{ line: 4, companyKey: null }] },
    });
    expect(corrected.status(), await corrected.text()).toBe(200);
    const uncorrected = await who.request.delete(`${path}/corrections/4`);
    expect(uncorrected.status(), await uncorrected.text()).toBe(200);
    expect(((await uncorrected.json()) as TargetListResults).corrections).toEqual([]);
  }
  expect(
    (
      await ned.request.put(`${path}/corrections`, { data: { corrections: [{ line: 4, companyKey: null }] } })
    ).status(),
  ).toBe(200);
  const calls = listCalls(mel, path);
  for (const read of [calls.results, calls.exportCsv]) expect((await read()).status()).toBe(200);
  for (const change of [calls.rename, calls.correct, calls.removeCorrection, calls.remove]) {
    const refused = await errorOf(await change());
    expect(refused).toEqual({
      status: 403,
      body: expect.objectContaining({
        code: 'FORBIDDEN',
        message: "Only the list's creator or the workspace's owner or admins may change it",
      }),
    });
  }
  const stored = await resultsOf(mel, path);
  expect(stored.list.name).toBe('By admin');
  expect(stored.corrections).toEqual([{ line: 4, companyKey: null }]);
  // Each role may delete: the admin deletes this one, the owner one of Ned's, Ned his own.
  expect((await ada.request.delete(path)).status()).toBe(200);
  for (const who of [vic, ned]) {
    const other = await nedsList('To delete');
    const deleted = await who.request.delete(`${base}/${other.id}`);
    expect(deleted.status(), await deleted.text()).toBe(200);
  }
});

test('a non-member gets the unknown workspace 404 on every route, body for body; nothing changes', async () => {
  const list = await nedsList('Secret');
  const routes = (team: number) => {
    const teamBase = `/api/teams/${team}/target-lists`;
    return [
      () => otto.request.get(teamBase),
      () => otto.request.post(teamBase, { data: { name: 'x', text: 'Acme Labs' } }),
      () =>
        otto.request.post(teamBase, {
          multipart: {
            name: 'x',
            file: csvFile('Company\nAcme Labs\n'),
            mapping: '{"headerRow":0,"columns":{"company":0},"unsure":false}',
          },
        }),
      ...Object.values(listCalls(otto, `${teamBase}/${list.id}`)),
    ];
  };
  const real = routes(teamId);
  const unknown = routes(UNKNOWN_TEAM);
  for (const [index, call] of real.entries()) {
    const answer = await errorOf(await call());
    expect(answer.status, `route ${index}`).toBe(404);
    expect(answer.body).toMatchObject({ message: 'Workspace not found' });
    expect(answer).toEqual(await errorOf(await (unknown[index] as () => Promise<APIResponse>)()));
  }
  expect(await listCount(otto.userId)).toBe(0);
  expect((await resultsOf(ned, `${base}/${list.id}`)).list.name).toBe('Secret');
});

test('an unknown or malformed list id is the list 404 on every list route, as is another workspace member’s own list', async () => {
  const ownOfNed = await created(
    await ned.request.post('/api/target-lists', { data: { name: 'Mine', text: 'Acme Labs' } }),
  );
  const paths = [
    `${base}/${UNKNOWN_LIST}`,
    `${base}/not-a-uuid`,
    `/api/target-lists/${UNKNOWN_LIST}`,
    '/api/target-lists/42',
    `/api/target-lists/${ownOfNed.id}`,
    // Ned's own list is no list of the workspace.
    `${base}/${ownOfNed.id}`,
  ];
  for (const path of paths)
    for (const [name, call] of Object.entries(listCalls(vic, path))) {
      const answer = await errorOf(await call());
      expect(answer, `${name} ${path}`).toEqual({ status: 404, body: LIST_NOT_FOUND });
    }
  expect((await resultsOf(ned, `/api/target-lists/${ownOfNed.id}`)).list.name).toBe('Mine');
});

test('bad bodies are 400s naming the field, and change nothing', async () => {
  const list = await nedsList('Unchanged');
  const path = `${base}/${list.id}`;
  const renames: [unknown, string][] = [
    [{}, 'Give the list a name.'],
    [{ name: '   ' }, 'Give the list a name.'],
    [{ name: 'x'.repeat(121) }, "A list's name is at most 120 characters."],
    [{ mapping: { headerRow: 0, columns: { company: 1 }, unsure: false } }, 'Give the list a name.'],
  ];
  for (const [data, message] of renames) {
    const answer = await errorOf(await ned.request.put(path, { data: data as object }));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message,
      fields: [{ field: 'name', message }],
    });
  }
  const corrections: [unknown, string][] = [
    [{ corrections: [] }, 'corrections'],
    [{}, 'corrections'],
    [{ corrections: [{ line: 0, companyKey: 'ACME' }] }, 'corrections.0.line'],
    [{ corrections: [{ line: 2 }] }, 'corrections.0.companyKey'],
  ];
  for (const [data, field] of corrections) {
    const answer = await errorOf(await ned.request.put(`${path}/corrections`, { data: data as object }));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [expect.objectContaining({ field })],
    });
  }
  const page = await errorOf(await ned.request.get(`${path}?limit=1001`));
  expect(page.status).toBe(400);
  const after = await resultsOf(ned, path);
  expect(after.list.name).toBe('Unchanged');
  expect(after.corrections).toEqual([]);
});

test('removing a correction: a bad line is a 400 on line, no such line or no correction a 404 saying so; nothing changes', async () => {
  const list = await nedsList('Uncorrect');
  const path = `${base}/${list.id}`;
  const set = await ned.request.put(`${path}/corrections`, {
    data: { corrections: [{ line: 4, companyKey: null }] },
  });
  expect(set.status(), await set.text()).toBe(200);
  const before = await resultsOf(ned, path);
  const message = 'A line is a whole number from 1, as the results show it.';
  for (const line of ['abc', '0', '-4', '1.5', '04', '4e0', '99999999999'])
    expect(await errorOf(await ned.request.delete(`${path}/corrections/${line}`)), line).toEqual({
      status: 400,
      body: expect.objectContaining({
        code: 'VALIDATION_FAILED',
        message,
        fields: [{ field: 'line', message }],
      }),
    });
  expect(await errorOf(await ned.request.delete(`${path}/corrections/9`))).toEqual({
    status: 404,
    body: expect.objectContaining({ code: 'NOT_FOUND', message: 'This list has no target on line 9.' }),
  });
  expect(await errorOf(await ned.request.delete(`${path}/corrections/2`))).toEqual({
    status: 404,
    body: expect.objectContaining({ code: 'NOT_FOUND', message: 'Line 2 has no correction to remove.' }),
  });
  // Mel may not, whatever the line: the role is checked before the line.
  expect((await errorOf(await mel.request.delete(`${path}/corrections/9`))).status).toBe(403);
  const after = await resultsOf(ned, path);
  expect(after.corrections).toEqual([{ line: 4, companyKey: null }]);
  expect(after.list.updatedAt).toBe(before.list.updatedAt);
  expect(byName(after, 'Nowhere Ltd')).toMatchObject({ match: 'manual' });
});

test('corrections set a line’s match to manual, merged by line; null says nobody is there', async () => {
  const list = await nedsList('Corrections');
  const path = `${base}/${list.id}`;
  const before = await resultsOf(vic, path);
  const acmeKey = byName(before, 'Acme Labs')?.companyKey;
  expect(acmeKey).toBeTruthy();
  expect(byName(before, 'Nowhere Ltd')).toMatchObject({ match: 'none', covered: false });

  const first = await ned.request.put(`${path}/corrections`, {
    data: { corrections: [{ line: 4, companyKey: acmeKey }] },
  });
  expect(first.status(), await first.text()).toBe(200);
  const corrected = (await first.json()) as TargetListResults;
  expect(byName(corrected, 'Nowhere Ltd')).toMatchObject({
    match: 'manual',
    covered: true,
    companyKey: acmeKey,
  });
  expect(
    byName(corrected, 'Nowhere Ltd')
      ?.people.map((p) => p.firstName)
      .sort(),
  ).toEqual(['Ann', 'Nia']);

  const second = await vic.request.put(`${path}/corrections`, {
    data: { corrections: [{ line: 1, companyKey: null }] },
  });
  expect(second.status(), await second.text()).toBe(200);
  const merged = (await second.json()) as TargetListResults;
  expect(merged.corrections).toEqual([
    { line: 1, companyKey: null },
    { line: 4, companyKey: acmeKey },
  ]);
  expect(byName(merged, 'Acme Labs')).toMatchObject({ match: 'manual', covered: false, people: [] });
  expect(byName(merged, 'Nowhere Ltd')).toMatchObject({ match: 'manual', covered: true });
  expect(merged.list.updatedBy).toBe(vic.userId);
  // The answer is what a later read shows.
  expect((await resultsOf(mel, path)).corrections).toEqual(merged.corrections);

  // Removing line 1's correction: Acme Labs is matched automatically again, line 4's stays.
  const removed = await ada.request.delete(`${path}/corrections/1`);
  expect(removed.status(), await removed.text()).toBe(200);
  const undone = (await removed.json()) as TargetListResults;
  expect(undone.corrections).toEqual([{ line: 4, companyKey: acmeKey }]);
  expect(byName(undone, 'Acme Labs')).toMatchObject({
    match: byName(before, 'Acme Labs')?.match,
    covered: true,
    companyKey: acmeKey,
  });
  expect(byName(undone, 'Nowhere Ltd')).toMatchObject({ match: 'manual', covered: true });
  expect(undone.list.updatedBy).toBe(ada.userId);
  expect(await resultsOf(mel, path)).toMatchObject({ corrections: undone.corrections });
});

test('an own list is corrected and uncorrected by its owner only', async () => {
  const list = await created(
    await vic.request.post('/api/target-lists', { data: { name: 'Own', text: 'Acme Labs\nNowhere Ltd' } }),
  );
  const path = `/api/target-lists/${list.id}`;
  const set = await vic.request.put(`${path}/corrections`, {
    data: { corrections: [{ line: 1, companyKey: null }] },
  });
  expect(byName((await set.json()) as TargetListResults, 'Acme Labs')).toMatchObject({
    match: 'manual',
    covered: false,
  });
  expect(await errorOf(await ned.request.delete(`${path}/corrections/1`))).toEqual({
    status: 404,
    body: LIST_NOT_FOUND,
  });
  const removed = await vic.request.delete(`${path}/corrections/1`);
  expect(removed.status(), await removed.text()).toBe(200);
  const undone = (await removed.json()) as TargetListResults;
  expect(undone.corrections).toEqual([]);
  expect(byName(undone, 'Acme Labs')).toMatchObject({ match: 'folded', covered: true });
  expect((await errorOf(await vic.request.delete(`${path}/corrections/1`))).body).toMatchObject({
    message: 'Line 1 has no correction to remove.',
  });
});

test('a file with a chosen mapping is read with it; a malformed mapping is a 400 on mapping, nothing stored', async () => {
  const before = await listCount(ned.userId);
  // "Parent company / group" is a loose guess (unsure): read as is, the parents are the targets.
  const unsure = 'Parent company / group,Subsidiary\nVault Holdings,Acme Labs\nUmbrella Group,Initech\n';
  const guessed = await created(
    await ned.request.post(base, { multipart: { file: csvFile(unsure, 'groups.csv') } }),
  );
  const guessedRows = await resultsOf(ned, `${base}/${guessed.id}`);
  expect(guessedRows.rows.map((r) => r.target.kind === 'company' && r.target.name).sort()).toEqual([
    'Umbrella Group',
    'Vault Holdings',
  ]);
  const mapping = JSON.stringify({ headerRow: 0, columns: { company: 1 }, unsure: false, doubts: [] });
  const chosen = await created(
    await ned.request.post(base, {
      multipart: { name: 'Subsidiaries', mapping, file: csvFile(unsure, 'groups.csv') },
    }),
  );
  expect(chosen).toMatchObject({ name: 'Subsidiaries', targetCount: 2 });
  const chosenRows = await resultsOf(ned, `${base}/${chosen.id}`);
  expect(
    chosenRows.rows.map((r) => [r.target.kind === 'company' && r.target.name, r.covered]).sort(),
  ).toEqual([
    ['Acme Labs', true],
    ['Initech', true],
  ]);
  // A sheet nothing is recognised in: refused without a mapping, read with one.
  const unnamed = 'Rep,Org\nVic,Acme Labs\n';
  const refused = await errorOf(await ned.request.post(base, { multipart: { file: csvFile(unnamed) } }));
  expect(refused.status).toBe(400);
  expect(refused.body).toMatchObject({ fields: [{ field: 'file' }] });
  await created(await ned.request.post(base, { multipart: { mapping, file: csvFile(unnamed) } }));

  const after = await listCount(ned.userId);
  for (const bad of ['{', '[]', '{"headerRow":0,"columns":{"revenue":1},"unsure":false}', '{"columns":{}}']) {
    const answer = await errorOf(
      await ned.request.post(base, { multipart: { mapping: bad, file: csvFile(unsure) } }),
    );
    expect(answer.status, bad).toBe(400);
    expect(answer.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringContaining('column mapping'),
      fields: [{ field: 'mapping', message: expect.stringContaining('column mapping') }],
    });
  }
  expect(await listCount(ned.userId)).toBe(after);
  expect(after).toBe(before + 3);
});

test('a token with targets:read reads and exports but may not change; one without targets scopes gets 403; targets:write changes', async () => {
  const list = await nedsList('Tokens');
  const path = `${base}/${list.id}`;
  const reader = await createToken(ned.request, ['targets:read']);
  const writer = await createToken(ned.request, ['targets:write']);
  const other = await createToken(ned.request, ['network:read', 'workspaces:read']);
  const asToken = (token: { secret: string }) => ({ headers: bearer(token) });
  const reads = (token: { secret: string }) => [
    () => ned.request.get(base, asToken(token)),
    () => ned.request.get('/api/target-lists', asToken(token)),
    () => ned.request.get(path, asToken(token)),
    () => ned.request.get(`${path}/export.csv`, asToken(token)),
  ];
  const writes = (token: { secret: string }) => [
    () => ned.request.post(base, { ...asToken(token), data: { name: 'By token', text: 'Acme Labs' } }),
    () => ned.request.put(path, { ...asToken(token), data: { name: 'By token' } }),
    () =>
      ned.request.put(`${path}/corrections`, {
        ...asToken(token),
        data: { corrections: [{ line: 4, companyKey: null }] },
      }),
    () => ned.request.delete(`${path}/corrections/4`, asToken(token)),
  ];
  for (const call of reads(reader)) expect((await call()).status()).toBe(200);
  for (const call of writes(reader)) {
    const answer = await errorOf(await call());
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ message: expect.stringContaining("'targets:write'") });
  }
  const deleteByReader = await errorOf(await ned.request.delete(path, asToken(reader)));
  expect(deleteByReader.status).toBe(403);
  for (const call of [...reads(other), ...writes(other)]) {
    const answer = await errorOf(await call());
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ message: expect.stringMatching(/'targets:(read|write)'/) });
  }
  for (const call of reads(writer)) expect((await call()).status()).toBe(403);
  const posted = await (writes(writer)[0] as () => Promise<APIResponse>)();
  expect(posted.status(), await posted.text()).toBe(201);
  for (const call of writes(writer).slice(1)) expect((await call()).status()).toBe(200);
  expect((await ned.request.delete(path, asToken(writer))).status()).toBe(200);
  // The session, beside it all, still reads and writes.
  const mine = await nedsList('Session');
  expect((await ned.request.put(`${base}/${mine.id}`, { data: { name: 'Session 2' } })).status()).toBe(200);
});

/** A CSV answer's rows (the byte-order mark and CRLF line ends of docs/targets.md#export). */
async function csvRows(response: APIResponse): Promise<string[]> {
  expect(response.status(), await response.text()).toBe(200);
  const text = await response.text();
  expect(text.startsWith('\uFEFF')).toBe(true);
  return text.slice(1).split('\r\n').slice(0, -1);
}

test('the export: one row per target and connector, ranked, formulas neutralised, named after the list', async () => {
  const list = await nedsList('Zürich "Q3"/accounts');
  const path = `${base}/${list.id}`;
  const response = await mel.request.get(`${path}/export.csv`);
  expect(response.headers()['content-type']).toBe('text/csv; charset=utf-8');
  expect(response.headers()['content-disposition']).toBe(
    `attachment; filename="Z_rich _Q3__accounts.csv"; filename*=UTF-8''Z%C3%BCrich%20%22Q3%22%2Faccounts.csv`,
  );
  const lines = await csvRows(response);
  expect(lines[0]).toBe(
    "Line,Kind,Target,Company,Domain,LinkedIn,Match,Covered,Warmth band,Connector,Best person,Best person position,Connector's people,People at target",
  );
  const cells = lines.slice(1).map((line) => line.split(','));
  // Acme Labs: two connectors (Vic and Ada), one row each; Initech: Ned; then the uncovered.
  const acme = cells.filter((c) => c[2] === 'Acme Labs');
  expect(acme.map((c) => c[9]).sort()).toEqual(['Ada Routes', 'Vic Routes']);
  expect(acme.find((c) => c[9] === 'Vic Routes')?.slice(10)).toEqual([
    'Nia Named',
    "'+Head of Sales",
    '1',
    '2',
  ]);
  expect(acme.find((c) => c[9] === 'Ada Routes')?.slice(10)).toEqual(['Ann Admin', 'CTO', '1', '2']);
  expect(cells.find((c) => c[2] === 'Initech')?.slice(6, 10)).toEqual([
    'folded',
    'yes',
    expect.any(String),
    'Ned Routes',
  ]);
  const formula = cells.find((c) => c[0] === '3');
  expect(formula?.slice(0, 3)).toEqual(['3', 'company', "'=SUM(1+1)"]);
  expect(formula?.slice(6)).toEqual(['none', 'no', '', '', '', '', '', '0']);
  // Ranked: covered targets first, as the results are.
  const results = await resultsOf(mel, path);
  const order = [...new Set(cells.map((c) => c[0]))];
  expect(order).toEqual(results.rows.map((r) => String(r.target.line)));
  expect(cells.map((c) => c[7]).lastIndexOf('yes')).toBeLessThan(cells.map((c) => c[7]).indexOf('no'));
  expect(lines.join('\n')).not.toMatch(/(^|,)[=+@-]/m);
});

test('an own list exports with you as the connector', async () => {
  const list = await created(
    await vic.request.post('/api/target-lists', { data: { name: 'Mine', text: 'Acme Labs\nNowhere Ltd' } }),
  );
  const response = await vic.request.get(`/api/target-lists/${list.id}/export.csv`);
  expect(response.headers()['content-disposition']).toBe(
    `attachment; filename="Mine.csv"; filename*=UTF-8''Mine.csv`,
  );
  const lines = await csvRows(response);
  expect(lines).toHaveLength(3);
  expect(lines[1]).toMatch(
    /^1,company,Acme Labs,Acme Labs,,,folded,yes,(strong|medium|weak),Vic Routes,Nia Named,'\+Head of Sales,1,1$/,
  );
  expect(lines[2]).toBe('2,company,Nowhere Ltd,Nowhere Ltd,,,none,no,,,,,,0');
});
