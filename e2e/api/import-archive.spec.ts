import { expect, test } from '@playwright/test';
import type { ImportResult, NetworkData, WarmPathView } from '@warmpath/contracts';
import { buildExportRow, buildLinkedInCsv, buildZip, type BuildZipOptions } from '@warmpath/testing';
import { query, signUp, stagedRowCount, storedNetwork, upload } from './import.testing.js';

// LinkedIn's data archive (docs/import.md#the-linkedin-archive): uploaded as it is downloaded, on
// every import route.

const ZIP = { fileName: 'Basic_LinkedInDataExport_11-24-2026.zip', mimeType: 'application/zip' };
const ROUTES = ['/api/network/import/authenticated', '/api/linkedin/import-csv'];

function archive(csv: string, options: BuildZipOptions = {}): Uint8Array {
  return buildZip(
    [
      { name: 'Profile.csv', data: 'First Name,Last Name\nAna,Silva\n' },
      { name: 'Connections.csv', data: csv },
      { name: 'messages.csv', data: 'FROM,TO,CONTENT\nx,y,private\n' },
    ],
    options,
  );
}

async function names(userId: number): Promise<string[]> {
  const rows = await query<{ first_name: string }>(
    'SELECT first_name FROM network.connections WHERE owner_user_id = $1 ORDER BY first_name',
    [userId],
  );
  return rows.map((row) => row.first_name);
}

test.describe('import of the LinkedIn archive', () => {
  for (const route of ROUTES) {
    test(`imports Connections.csv from the archive in one step (${route})`, async ({ request }) => {
      const userId = await signUp(request);
      const csv = buildLinkedInCsv([
        buildExportRow({ firstName: 'Ben' }),
        buildExportRow({ firstName: 'Chloé' }),
      ]);
      const response = await upload(request, archive(csv), { ...ZIP, route });
      expect(response.status(), await response.text()).toBe(200);
      expect(((await response.json()) as ImportResult).connections).toHaveLength(3);
      expect(await names(userId)).toEqual(['Ben', 'Chloé']);
    });
  }

  test('imports a ZIP64 archive written with data descriptors as the same people as the plain one', async ({
    request,
  }) => {
    const csv = buildLinkedInCsv([
      buildExportRow({ firstName: 'Ben' }),
      buildExportRow({ firstName: 'Chloé' }),
    ]);
    const plainUser = await signUp(request);
    expect((await upload(request, archive(csv), ZIP)).status()).toBe(200);
    const zip64User = await signUp(request);
    const response = await upload(request, archive(csv, { zip64: true, dataDescriptors: true }), ZIP);
    expect(response.status(), await response.text()).toBe(200);
    expect(await names(zip64User)).toEqual(await names(plainUser));
    expect(await names(zip64User)).toEqual(['Ben', 'Chloé']);
  });

  test('previews the archive for a visitor who is not signed in', async ({ request }) => {
    const csv = buildLinkedInCsv([buildExportRow({ firstName: 'Ben' })]);
    const response = await upload(request, archive(csv), { ...ZIP, route: '/api/network/import' });
    expect(response.status()).toBe(200);
    expect(((await response.json()) as ImportResult).connections.map((person) => person.firstName)).toContain(
      'Ben',
    );
  });

  test('marks people working where the member worked (Positions.csv) and says so on the warm path', async ({
    request,
  }) => {
    await signUp(request);
    const csv = buildLinkedInCsv([
      buildExportRow({ firstName: 'Zoe', lastName: 'Park', company: 'Globex Inc.', position: 'Engineer' }),
      buildExportRow({ firstName: 'Ben', lastName: 'Okafor', company: 'Acme', position: 'Engineer' }),
    ]);
    const zip = buildZip([
      { name: 'Connections.csv', data: csv },
      {
        name: 'Positions.csv',
        data: 'Company Name,Title,Description,Location,Started On,Finished On\nGlobex,CTO,,,Jan 2018,Dec 2022\n',
      },
    ]);
    expect((await upload(request, zip, ZIP)).status()).toBe(200);
    const network = (await (await request.get('/api/network')).json()) as NetworkData;
    const people = network.connections.filter((c) => !c.isUser);
    expect(Object.fromEntries(people.map((c) => [c.firstName, c.hasWorkedWith]))).toEqual({
      Zoe: true,
      Ben: false,
    });
    const zoe = people.find((c) => c.firstName === 'Zoe');
    const response = await request.get(`/api/network/paths?to=${zoe?.id}`);
    expect(response.status(), await response.text()).toBe(200);
    const path = (await response.json()) as WarmPathView;
    expect(path.hops.map((hop) => hop.explanation)).toEqual(['You and Zoe Park both worked at Globex Inc.']);
  });

  const REFUSED: [string, () => Uint8Array, string][] = [
    [
      'an archive without Connections.csv',
      () => buildZip([{ name: 'Profile.csv', data: 'First Name,Last Name\nAna,Silva\n' }]),
      'This ZIP archive has no Connections.csv. Upload the archive LinkedIn sent you (it holds Connections.csv), or the Connections.csv file itself.',
    ],
    [
      'a zip bomb',
      () => buildZip([{ name: 'Connections.csv', data: new Uint8Array(20 * 1024 * 1024) }]),
      'This ZIP archive cannot be read safely: Connections.csv is compressed more than 100 times, as no real export is. Unzip it and upload the Connections.csv file from it instead.',
    ],
    [
      'a ZIP64 archive whose locator points outside the file',
      () => {
        const zip = archive(buildLinkedInCsv([buildExportRow()]), { zip64: true });
        const locator = zip.length - 22 - 20;
        new DataView(zip.buffer).setBigUint64(locator + 8, BigInt(zip.length * 2), true);
        return zip;
      },
      'This ZIP archive cannot be read: its ZIP64 locator points outside the file. Unzip it and upload the Connections.csv file from it instead.',
    ],
  ];
  for (const [name, build, message] of REFUSED) {
    test(`refuses ${name} with its message and changes nothing`, async ({ request }) => {
      const userId = await signUp(request);
      expect((await upload(request, buildLinkedInCsv([buildExportRow(), buildExportRow()]))).status()).toBe(
        200,
      );
      const before = await storedNetwork(userId);
      const response = await upload(request, build(), ZIP);
      expect(response.status()).toBe(400);
      expect(await response.json()).toMatchObject({ statusCode: 400, message, error: message });
      expect(await storedNetwork(userId)).toEqual(before);
      expect(await stagedRowCount(userId)).toBe(0);
    });
  }
});
