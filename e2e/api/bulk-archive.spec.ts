import { expect, test } from '@playwright/test';
import type { BulkImportAccepted } from '@warmpath/contracts';
import { buildZip } from '@warmpath/testing';
import { uploadBulk, waitForBulk } from './bulk.testing.js';
import { linkedInCsv } from './network.testing.js';
import {
  peopleOf,
  pooledNetwork,
  signUpMember,
  workspaceOf,
  type Member,
} from './workspace-network.testing.js';

const row = (first: string, company: string) => [
  first,
  'Zipped',
  `https://www.linkedin.com/in/${first.toLowerCase()}-zipped`,
  '',
  company,
  'Engineer',
  '12 Mar 2021',
];

let owner: Member;

test.afterAll(async () => {
  await owner?.request.dispose();
});

test('splits a ZIP of several exports into one source per person; a bad entry fails alone', async ({
  playwright,
  baseURL,
}) => {
  owner = await signUpMember(playwright, baseURL as string, 'Zara', 'Zipper');
  const teamId = await workspaceOf(owner, []);
  const archive = buildZip([
    { name: 'Ada Lovelace.csv', data: linkedInCsv([row('Ann', 'Acme'), row('Ben', 'Acme')]) },
    { name: 'Grace Hopper/Basic/Connections.csv', data: linkedInCsv([row('Cy', 'Globex')]) },
    {
      name: 'grace_hopper_extra.zip',
      data: buildZip([{ name: 'Connections.csv', data: linkedInCsv([row('Di', 'Initech')]) }]),
    },
    { name: 'Lying Entry.csv', data: linkedInCsv([row('Ed', 'Hooli')]), claimedSize: 5 },
    { name: 'README.txt', data: 'exports of the sales team' },
  ]);
  const response = await uploadBulk(owner.request, teamId, [
    { fileName: 'team-exports.zip', content: archive, mimeType: 'application/zip' },
  ]);
  expect(response.status(), await response.text()).toBe(202);
  const accepted = (await response.json()) as BulkImportAccepted;
  const bulk = await waitForBulk(owner.request, accepted.id);
  expect(bulk.files.map((file) => [file.sourceName, file.status, file.counts?.imported])).toEqual([
    ['Ada Lovelace', 'completed', 2],
    ['grace hopper extra', 'completed', 1],
    ['Lying Entry', 'failed', undefined],
    ['Grace Hopper', 'completed', 1],
  ]);
  expect(bulk.files[2]?.error?.code).toMatch(/^ARCHIVE_/);
  const data = await pooledNetwork(owner, teamId);
  expect(
    peopleOf(data)
      .map((c) => c.firstName)
      .sort(),
  ).toEqual(['Ann', 'Ben', 'Cy', 'Di']);
});
