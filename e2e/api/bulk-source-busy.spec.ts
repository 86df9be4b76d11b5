import { expect, test } from '@playwright/test';
import { BULK_MESSAGES, type BulkImportAccepted, type WorkspaceSource } from '@warmpath/contracts';
import { generateLinkedInCsv } from '@warmpath/testing';
import { bulkForm, uploadBulk, waitForBulk } from './bulk-helpers.js';
import { linkedInCsv } from './network-fixtures.js';
import { errorOf, signUpMember, workspaceOf, type Member } from './workspace-network-fixtures.js';

// docs/workspace-sources.md: a source cannot be deleted or replaced while its import is queued or
// running (its import would write people under an owner nobody pools or deletes any more).

const row = (first: string, company: string) => [
  first,
  'Busy',
  `https://www.linkedin.com/in/${first}-busy`.toLowerCase(),
  '',
  company,
  'Engineer',
  '12 Mar 2021',
];

let owner: Member;
let teamId: number;

test.beforeAll(async ({ playwright, baseURL }) => {
  owner = await signUpMember(playwright, baseURL as string, 'Bea', 'Busy');
  teamId = await workspaceOf(owner, []);
});

test.afterAll(async () => {
  await owner?.request.dispose();
});

const sourcesOf = async (who: Member): Promise<WorkspaceSource[]> => {
  const response = await who.request.get(`/api/teams/${teamId}/sources`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as WorkspaceSource[];
};

test.describe.serial('a source still importing', () => {
  test('cannot be deleted or replaced (409), nor re-uploaded by name, until its import has finished', async () => {
    // Big enough that its import is still queued or running when the next requests arrive.
    const big = generateLinkedInCsv(40_000, { seed: 16 });
    const response = await uploadBulk(owner.request, teamId, [
      { fileName: 'big.csv', content: big, name: 'Busy Export' },
    ]);
    expect(response.status(), await response.text()).toBe(202);
    const bulk = (await response.json()) as BulkImportAccepted;
    const sourceId = bulk.files[0]?.sourceId as number;

    const deleted = await owner.request.delete(`/api/teams/${teamId}/sources/${sourceId}`);
    expect(await errorOf(deleted)).toMatchObject({
      status: 409,
      body: { code: 'CONFLICT', message: BULK_MESSAGES.sourceBusy },
    });
    const replaced = await owner.request.put(`/api/teams/${teamId}/sources/${sourceId}`, {
      multipart: bulkForm([{ fileName: 'newer.csv', content: linkedInCsv([row('Cy', 'Acme')]) }]),
    });
    expect(await errorOf(replaced)).toMatchObject({
      status: 409,
      body: { message: 'This export is still importing; try again when it has finished.' },
    });
    // The same person's newer export in a bulk fails alone; the other file goes on.
    const byName = await uploadBulk(owner.request, teamId, [
      { fileName: 'busy-2.csv', content: linkedInCsv([row('Cy', 'Acme')]), name: 'busy  export' },
      { fileName: 'dee.csv', content: linkedInCsv([row('Dee', 'Acme')]), name: 'Dee Busy' },
    ]);
    expect(byName.status(), await byName.text()).toBe(202);
    const mixed = await waitForBulk(owner.request, ((await byName.json()) as BulkImportAccepted).id);
    expect(mixed.files.map((f) => [f.sourceName, f.status, f.error?.message ?? null])).toEqual([
      ['Busy Export', 'failed', BULK_MESSAGES.sourceBusy],
      ['Dee Busy', 'completed', null],
    ]);

    // All of that happened while the first import was still running: its rows are all there.
    const finished = await waitForBulk(owner.request, bulk.id, 120_000);
    expect(finished.files[0]).toMatchObject({ status: 'completed', counts: { rowsRead: 40_000 } });
    const busy = (await sourcesOf(owner)).find((s) => s.id === sourceId);
    expect(busy?.latest?.importId).toBe(bulk.files[0]?.importId);
    const now = await owner.request.delete(`/api/teams/${teamId}/sources/${sourceId}`);
    expect(now.status(), await now.text()).toBe(200);
  });
});
