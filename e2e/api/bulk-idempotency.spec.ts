import { expect, test } from '@playwright/test';
import type { BulkImportAccepted, WorkspaceSource } from '@warmpath/contracts';
import { uploadBulk, waitForBulk, type BulkPart } from './bulk-helpers.js';
import { query } from './import-helpers.js';
import { linkedInCsv } from './network-fixtures.js';
import { errorOf, signUpMember, workspaceOf, type Member } from './workspace-network-fixtures.js';

// docs/api.md: a retried bulk upload (same Idempotency-Key, same files) answers the same bulk.

const row = (first: string, company: string) => [
  first,
  'Retry',
  `https://www.linkedin.com/in/${first}-retry`.toLowerCase(),
  '',
  company,
  'Engineer',
  '12 Mar 2021',
];

const parts: BulkPart[] = [
  { fileName: 'ana.csv', content: linkedInCsv([row('Ada', 'Acme'), row('Abe', 'Globex')]), name: 'Ana Idem' },
  {
    fileName: 'bo.csv',
    content: linkedInCsv([row('Bob', 'Initech')]),
    name: 'Bo Idem',
    email: 'bo.idem@example.com',
  },
];

let owner: Member;
let other: Member;
let teamId: number;

test.beforeAll(async ({ playwright, baseURL }) => {
  owner = await signUpMember(playwright, baseURL as string, 'Ida', 'Owner');
  other = await signUpMember(playwright, baseURL as string, 'Ola', 'Other');
  teamId = await workspaceOf(owner, []);
});

test.afterAll(async () => {
  for (const who of [owner, other]) await who?.request.dispose();
});

const sourcesOf = async (who: Member, team = teamId): Promise<WorkspaceSource[]> => {
  const response = await who.request.get(`/api/teams/${team}/sources`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as WorkspaceSource[];
};

/** Every import ever started for the workspace's sources (a replayed upload starts none). */
const importsOfSources = async (sources: WorkspaceSource[]): Promise<number> => {
  const [row] = await query<{ n: string }>(
    'SELECT count(*) AS n FROM imports.imports WHERE user_id = ANY($1::int[])',
    [sources.map((s) => s.ownerId)],
  );
  return Number(row?.n);
};

test.describe.serial('Idempotency-Key on a bulk upload', () => {
  let first: BulkImportAccepted;

  test('a retry with the same key and the same files answers the same bulk and imports nothing again', async () => {
    const key = { 'idempotency-key': 'bulk-retry-1' };
    const response = await uploadBulk(owner.request, teamId, parts, key);
    expect(response.status(), await response.text()).toBe(202);
    expect(response.headers()['idempotent-replayed']).toBeUndefined();
    first = (await response.json()) as BulkImportAccepted;
    const done = await waitForBulk(owner.request, first.id);
    expect(done.files.map((f) => [f.sourceName, f.status, f.counts?.imported])).toEqual([
      ['Ana Idem', 'completed', 2],
      ['Bo Idem', 'completed', 1],
    ]);
    const sources = await sourcesOf(owner);
    const importsBefore = await importsOfSources(sources);

    const retry = await uploadBulk(owner.request, teamId, parts, key);
    expect(retry.status(), await retry.text()).toBe(202);
    expect(retry.headers()['idempotent-replayed']).toBe('true');
    expect(retry.headers().location).toBe(`/api/bulk-imports/${first.id}`);
    const replayed = (await retry.json()) as BulkImportAccepted;
    expect(replayed.id).toBe(first.id);
    expect(replayed.files.map((f) => f.importId)).toEqual(first.files.map((f) => f.importId));
    expect(replayed.files.map((f) => f.status)).toEqual(['completed', 'completed']);
    const after = await sourcesOf(owner);
    expect(after.map((s) => [s.id, s.latest?.importId])).toEqual(
      sources.map((s) => [s.id, s.latest?.importId]),
    );
    expect(await importsOfSources(after)).toBe(importsBefore);
  });

  test('the same key with other bytes, another name or e-mail, or into another workspace is 409', async () => {
    const key = { 'idempotency-key': 'bulk-retry-1' };
    const changed: BulkPart[][] = [
      [parts[0]!, { ...parts[1]!, content: linkedInCsv([row('Bob', 'Hooli')]) }],
      [{ ...parts[0]!, name: 'Ana Other' }, parts[1]!],
      [parts[0]!, { ...parts[1]!, email: 'someone.else@example.com' }],
      [parts[0]!],
    ];
    for (const files of changed) {
      const response = await uploadBulk(owner.request, teamId, files, key);
      expect(await errorOf(response)).toMatchObject({
        status: 409,
        body: {
          code: 'CONFLICT',
          message:
            'This Idempotency-Key was already used with different files. Send a new key for a new upload.',
        },
      });
    }
    const elsewhere = await workspaceOf(owner, []);
    expect((await uploadBulk(owner.request, elsewhere, parts, key)).status()).toBe(409);
    expect(await sourcesOf(owner, elsewhere)).toEqual([]);
    // Nothing of the refused uploads became a source or an import.
    expect((await sourcesOf(owner)).map((s) => s.name)).toEqual(['Ana Idem', 'Bo Idem']);
  });

  test('two uploads with the same key at once make one bulk', async () => {
    const key = { 'idempotency-key': 'bulk-concurrent-1' };
    const twins: BulkPart[] = [{ ...parts[0]!, name: 'Twin Idem' }];
    const [a, b] = await Promise.all([
      uploadBulk(owner.request, teamId, twins, key),
      uploadBulk(owner.request, teamId, twins, key),
    ]);
    expect([a.status(), b.status()]).toEqual([202, 202]);
    const [first, second] = [(await a.json()) as BulkImportAccepted, (await b.json()) as BulkImportAccepted];
    expect(second.id).toBe(first.id);
    expect([a.headers()['idempotent-replayed'], b.headers()['idempotent-replayed']].sort()).toEqual([
      'true',
      undefined,
    ]);
    await waitForBulk(owner.request, first.id);
    const twin = (await sourcesOf(owner)).filter((s) => s.name === 'Twin Idem');
    expect(twin).toHaveLength(1);
    expect(await importsOfSources(twin)).toBe(1);
  });

  test('keys are per user, and a malformed key is 400 before anything is stored', async () => {
    const theirs = await workspaceOf(other, []);
    const response = await uploadBulk(other.request, theirs, parts, { 'idempotency-key': 'bulk-retry-1' });
    expect(response.status(), await response.text()).toBe(202);
    expect(((await response.json()) as BulkImportAccepted).id).not.toBe(first.id);
    const bad = await uploadBulk(owner.request, teamId, parts, { 'idempotency-key': 'has space' });
    expect(await errorOf(bad)).toMatchObject({
      status: 400,
      body: { message: 'Idempotency-Key must be 1 to 255 visible ASCII characters.' },
    });
  });
});
