import { expect, test } from '@playwright/test';
import type { BulkImportAccepted, NetworkData, WorkspaceSource } from '@warmpath/contracts';
import { buildZip } from '@warmpath/testing';
import { bulkForm, uploadBulk, waitForBulk } from './bulk.testing.js';
import { linkedInCsv } from './network.testing.js';
import {
  errorOf,
  importRows,
  peopleOf,
  pooledNetwork,
  signUpMember,
  workspaceOf,
  type Member,
} from './workspace-network.testing.js';

const row = (first: string, last: string, company: string) => [
  first,
  last,
  `https://www.linkedin.com/in/${first}-${last}`.toLowerCase(),
  '',
  company,
  'Account Executive',
  '12 Mar 2021',
];

const zoeExport = linkedInCsv([row('Pia', 'Zed', 'Acme'), row('Quin', 'Zed', 'Globex')]);
const yanExport = linkedInCsv([
  row('Rex', 'Yan', 'Initech'),
  row('Sam', 'Yan', 'Initech'),
  row('Tia', 'Yan', 'Acme'),
]);
const broken = 'Notes:\nthis is not an export\n';

let owner: Member;
let member: Member;
let outsider: Member;
let zoe: Member;
let teamId: number;
let accepted: BulkImportAccepted;

test.beforeAll(async ({ playwright, baseURL }) => {
  const url = baseURL as string;
  owner = await signUpMember(playwright, url, 'Olivia', 'Owner');
  member = await signUpMember(playwright, url, 'Mo', 'Member');
  outsider = await signUpMember(playwright, url, 'Otto', 'Outsider');
  zoe = await signUpMember(playwright, url, 'Zoe', 'Zed');
  await importRows(owner, [row('Ann', 'Own', 'Acme')]);
  teamId = await workspaceOf(owner, [member]);
  const response = await uploadBulk(owner.request, teamId, [
    { fileName: 'zoe.csv', content: zoeExport, name: 'Zoe Zed', email: zoe.email.toUpperCase() },
    { fileName: 'Yan Export.csv', content: yanExport },
    { fileName: 'broken.csv', content: broken, name: 'Broken Person' },
  ]);
  expect(response.status(), await response.text()).toBe(202);
  accepted = (await response.json()) as BulkImportAccepted;
});

test.afterAll(async () => {
  for (const who of [owner, member, outsider, zoe]) await who?.request.dispose();
});

const sourcesOf = async (who: Member): Promise<WorkspaceSource[]> => {
  const response = await who.request.get(`/api/teams/${teamId}/sources`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as WorkspaceSource[];
};

test.describe.serial('bulk imports into a workspace', () => {
  test('answers 202 with a file per upload, then 2 completed and the broken one failed with its reason', async () => {
    expect(accepted).toMatchObject({
      teamId,
      statusUrl: `/api/bulk-imports/${accepted.id}`,
      eventsUrl: `/api/bulk-imports/${accepted.id}/events`,
    });
    expect(accepted.files.map((f) => [f.fileName, f.sourceName])).toEqual([
      ['zoe.csv', 'Zoe Zed'],
      ['Yan Export.csv', 'Yan Export'],
      ['broken.csv', 'Broken Person'],
    ]);
    const bulk = await waitForBulk(owner.request, accepted.id);
    const [zoeFile, yanFile, brokenFile] = bulk.files;
    expect(zoeFile).toMatchObject({ status: 'completed', counts: { rowsRead: 2, imported: 2, skipped: 0 } });
    expect(yanFile).toMatchObject({ status: 'completed', counts: { rowsRead: 3, imported: 3, skipped: 0 } });
    expect(brokenFile?.status).toBe('failed');
    expect(brokenFile?.error?.message).toMatch(/header/i);
    // The member sees the bulk's progress too; its events end once every file is done.
    const asMember = await member.request.get(accepted.statusUrl);
    expect(asMember.status()).toBe(200);
    const events = await owner.request.get(accepted.eventsUrl);
    expect(events.status()).toBe(200);
    expect(await events.text()).toContain('"status":"completed"');
  });

  test('lets only the owner and admins upload; a non-member gets the unknown workspace 404', async () => {
    const asMember = await uploadBulk(member.request, teamId, [{ fileName: 'x.csv', content: zoeExport }]);
    expect(asMember.status()).toBe(403);
    const asOutsider = await uploadBulk(outsider.request, teamId, [
      { fileName: 'x.csv', content: zoeExport },
    ]);
    const unknown = await uploadBulk(outsider.request, 999_999_999, [
      { fileName: 'x.csv', content: zoeExport },
    ]);
    expect(await errorOf(asOutsider)).toEqual(await errorOf(unknown));
    expect((await errorOf(asOutsider)).status).toBe(404);
    const sources = await outsider.request.get(`/api/teams/${teamId}/sources`);
    expect(sources.status()).toBe(404);
    const bulk = await outsider.request.get(accepted.statusUrl);
    expect(await errorOf(bulk)).toMatchObject({ status: 404, body: { message: 'Bulk import not found' } });
    const noFile = await owner.request.post(`/api/teams/${teamId}/bulk-imports`, {
      multipart: new FormData(),
    });
    expect(noFile.status()).toBe(400);
  });

  test('fails a file that is not an export alone, and a ZIP holding no export with its reason', async () => {
    const response = await uploadBulk(owner.request, teamId, [
      { fileName: 'notes.txt', content: 'hello', mimeType: 'text/plain', name: 'Not An Export' },
      {
        fileName: 'empty.zip',
        content: buildZip([
          { name: 'README.txt', data: 'nothing here' },
          { name: 'photos/a.txt', data: 'x' },
        ]),
        mimeType: 'application/zip',
      },
    ]);
    expect(response.status(), await response.text()).toBe(202);
    const bulk = (await response.json()) as BulkImportAccepted;
    expect(bulk.files.map((f) => [f.fileName, f.status, f.error?.code, f.importId])).toEqual([
      ['notes.txt', 'failed', 'UNSUPPORTED_MEDIA_TYPE', null],
      ['empty.zip', 'failed', 'ARCHIVE_WITHOUT_EXPORTS', null],
    ]);
    expect(bulk.files[1]?.error?.message).toMatch(/holds no exports/);
  });

  test('shows each source as an uploaded export in the pooled graph, with its people, and nowhere else', async () => {
    const data = await pooledNetwork(member, teamId);
    const sources = data.connections.filter((c) => c.isSource);
    // The broken file's source stays (with no people) until it is replaced or deleted.
    expect(sources.map((c) => `${c.firstName} ${c.lastName}`).sort()).toEqual([
      'Broken Person',
      'Yan Export',
      'Zoe Zed',
    ]);
    expect(sources.every((c) => c.isTeammate && c.userId < 0)).toBe(true);
    const zoeNode = sources.find((c) => c.firstName === 'Zoe');
    const pia = peopleOf(data).find((c) => c.firstName === 'Pia');
    expect(pia).toMatchObject({
      company: 'Acme',
      position: 'Account Executive',
      linkedinUrl: null,
      email: null,
    });
    expect(pia?.knownBy).toEqual([zoeNode?.userId]);
    expect(
      peopleOf(data)
        .map((c) => c.firstName)
        .sort(),
    ).toEqual(['Ann', 'Pia', 'Quin', 'Rex', 'Sam', 'Tia']);
    const own = (await (await owner.request.get('/api/network')).json()) as NetworkData;
    expect(peopleOf(own).map((c) => c.firstName)).toEqual(['Ann']);
    const listed = await sourcesOf(owner);
    expect(listed.map((s) => [s.name, s.label, s.latest?.status])).toEqual([
      ['Broken Person', 'Uploaded export: Broken Person', 'failed'],
      ['Yan Export', 'Uploaded export: Yan Export', 'completed'],
      ['Zoe Zed', 'Uploaded export: Zoe Zed', 'completed'],
    ]);
  });

  test('replaces a source by a newer export, recording the changes as a re-import', async () => {
    const yan = (await sourcesOf(owner)).find((s) => s.name === 'Yan Export') as WorkspaceSource;
    const newer = linkedInCsv([
      row('Rex', 'Yan', 'Initech'),
      row('Sam', 'Yan', 'Hooli'),
      row('Uma', 'Yan', 'Acme'),
    ]);
    const response = await owner.request.put(`/api/teams/${teamId}/sources/${yan.id}`, {
      multipart: bulkForm([{ fileName: 'yan-2.csv', content: newer }]),
    });
    expect(response.status(), await response.text()).toBe(202);
    const bulk = await waitForBulk(owner.request, ((await response.json()) as BulkImportAccepted).id);
    expect(bulk.files[0]).toMatchObject({
      sourceName: 'Yan Export',
      sourceId: yan.id,
      status: 'completed',
      counts: { imported: 1, updated: 1, unchanged: 1, jobChanges: 1, absent: 1 },
    });
    const asMember = await member.request.put(`/api/teams/${teamId}/sources/${yan.id}`, {
      multipart: bulkForm([{ fileName: 'yan-2.csv', content: newer }]),
    });
    expect(asMember.status()).toBe(403);
    const data = await pooledNetwork(owner, teamId);
    expect(peopleOf(data).find((c) => c.firstName === 'Sam')?.company).toBe('Hooli');
    expect(peopleOf(data).some((c) => c.firstName === 'Uma')).toBe(true);
  });

  test('deletes a source and its people from the pooled graph', async () => {
    const yan = (await sourcesOf(owner)).find((s) => s.name === 'Yan Export') as WorkspaceSource;
    expect((await member.request.delete(`/api/teams/${teamId}/sources/${yan.id}`)).status()).toBe(403);
    const deleted = await owner.request.delete(`/api/teams/${teamId}/sources/${yan.id}`);
    expect(deleted.status(), await deleted.text()).toBe(200);
    const data = await pooledNetwork(owner, teamId);
    // Teammates' nodes come by user id, and a bulk's sources get theirs in no set order: by name here.
    expect(
      data.connections
        .filter((c) => c.isSource)
        .map((c) => c.firstName)
        .sort(),
    ).toEqual(['Broken', 'Zoe']);
    expect(
      peopleOf(data)
        .map((c) => c.firstName)
        .sort(),
    ).toEqual(['Ann', 'Pia', 'Quin']);
    const again = await owner.request.delete(`/api/teams/${teamId}/sources/${yan.id}`);
    expect(await errorOf(again)).toMatchObject({
      status: 404,
      body: { message: 'Uploaded export not found' },
    });
  });

  test('lets the person the export was named for claim it as their own network once they join', async () => {
    const zoeSource = (await sourcesOf(owner)).find((s) => s.name === 'Zoe Zed') as WorkspaceSource;
    expect((await zoe.request.post(`/api/teams/${teamId}/sources/${zoeSource.id}/claim`)).status()).toBe(404);
    await workspaceOfJoin(zoe);
    const seen = (await sourcesOf(zoe)).find((s) => s.id === zoeSource.id);
    expect(seen?.claimable).toBe(true);
    expect((await sourcesOf(member)).find((s) => s.id === zoeSource.id)).toMatchObject({
      claimable: false,
      email: null,
    });
    const byOther = await member.request.post(`/api/teams/${teamId}/sources/${zoeSource.id}/claim`);
    expect(byOther.status()).toBe(403);
    // Someone with a network of their own cannot claim: nothing is merged.
    const forOwner = await uploadBulk(owner.request, teamId, [
      { fileName: 'olivia.csv', content: zoeExport, name: 'Olivia Again', email: owner.email },
    ]);
    const ownerBulk = await waitForBulk(owner.request, ((await forOwner.json()) as BulkImportAccepted).id);
    const ownerSourceId = ownerBulk.files[0]?.sourceId as number;
    const conflict = await owner.request.post(`/api/teams/${teamId}/sources/${ownerSourceId}/claim`);
    expect(await errorOf(conflict)).toMatchObject({
      status: 409,
      body: { message: expect.stringContaining('You already have your own network') },
    });
    expect((await owner.request.delete(`/api/teams/${teamId}/sources/${ownerSourceId}`)).status()).toBe(200);
    const claimed = await zoe.request.post(`/api/teams/${teamId}/sources/${zoeSource.id}/claim`);
    expect(claimed.status(), await claimed.text()).toBe(200);
    expect(await claimed.json()).toEqual({ claimed: true, people: 2 });
    const own = (await (await zoe.request.get('/api/network')).json()) as NetworkData;
    expect(
      peopleOf(own)
        .map((c) => c.firstName)
        .sort(),
    ).toEqual(['Pia', 'Quin']);
    expect((await sourcesOf(owner)).map((s) => s.name)).toEqual(['Broken Person']);
    const data = await pooledNetwork(owner, teamId);
    expect(data.connections.filter((c) => c.isSource).map((c) => c.firstName)).toEqual(['Broken']);
    expect(peopleOf(data).find((c) => c.firstName === 'Pia')?.knownBy).toEqual([zoe.userId]);
  });
});

/** Zoe joins the workspace by an invitation to her address. */
async function workspaceOfJoin(who: Member): Promise<void> {
  const invited = await owner.request.post(`/api/teams/${teamId}/invitations`, {
    data: { email: who.email, role: 'member' },
  });
  const { token } = (await invited.json()) as { token: string };
  expect((await who.request.post(`/api/invitations/${token}/accept`)).status()).toBe(200);
}
