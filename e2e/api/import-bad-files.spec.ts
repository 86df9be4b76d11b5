import { expect, test } from '@playwright/test';
import type { ImportAccepted } from '@warmpath/contracts';
import {
  BAD_FILES,
  buildExportRow,
  buildLinkedInCsv,
  generateLinkedInCsv,
  HOSTILE_CELLS,
  type BadFileKind,
} from '@warmpath/testing';
import { query, signUp, stagedRowCount, storedNetwork, upload, waitForImport } from './import.testing.js';

// Every class of unusable input (docs/import.md#failures): refused with its message, earlier data
// exactly as it was.

const CASES: [BadFileKind, string][] = [
  ['empty', 'The file is empty.'],
  ['headerOnly', 'The file has a header but no connections.'],
  [
    'wrongDelimiter',
    'This file separates its columns with semicolons. Upload the LinkedIn export as it was downloaded, or save it again as a comma-separated CSV file.',
  ],
  [
    'missingColumns',
    'The header row is missing the Last Name column. First Name and Last Name are required; Company and Position are expected.',
  ],
  [
    'binaryRenamed',
    'This file is not a text CSV file. If you opened it in a spreadsheet, save it again as CSV (comma-separated).',
  ],
  [
    'invalidUtf8',
    'The file is not valid UTF-8 text (unreadable characters near line 6). Save it again as "CSV UTF-8" and upload it again.',
  ],
  [
    'unterminatedQuote',
    'A quoted field that starts on line 6 is never closed, so the rest of the file cannot be read. Check that line for a missing closing quote (").',
  ],
  [
    'hugeField',
    'None of the connections could be imported: the only row had a problem. The import report lists each line and why it was skipped.',
  ],
];

test.describe('import of files that cannot be used', () => {
  for (const [kind, message] of CASES) {
    test(`refuses ${kind} with its message and leaves earlier data as it was`, async ({ request }) => {
      const userId = await signUp(request);
      expect((await upload(request, buildLinkedInCsv([buildExportRow(), buildExportRow()]))).status()).toBe(
        200,
      );
      const before = await storedNetwork(userId);
      const response = await upload(request, BAD_FILES[kind]());
      expect(response.status()).toBe(400);
      expect(await response.json()).toMatchObject({ statusCode: 400, message, error: message });
      expect(await storedNetwork(userId)).toEqual(before);
      expect(await stagedRowCount(userId)).toBe(0);
    });
  }

  test('records the failure on the import for the progress view', async ({ request }) => {
    await signUp(request);
    const accepted = (await (
      await upload(request, BAD_FILES.invalidUtf8(), { async: true })
    ).json()) as ImportAccepted;
    const status = await waitForImport(request, accepted.id);
    expect(status).toMatchObject({
      state: 'failed',
      error: { code: 'INVALID_UTF8', message: CASES[5]?.[1] },
    });
  });

  test('leaves earlier data as it was when a big file breaks after rows were staged', async ({ request }) => {
    const userId = await signUp(request);
    await upload(request, buildLinkedInCsv([buildExportRow()]));
    const before = await storedNetwork(userId);
    const broken = new TextEncoder().encode(`${generateLinkedInCsv(12_000, { seed: 9 })}Jos`);
    const bytes = Uint8Array.from([
      ...broken,
      0xe9,
      ...new TextEncoder().encode(',Gonçalves,,,Acme,CTO,24 Nov 2023\n'),
    ]);
    const response = await upload(request, bytes);
    expect(response.status()).toBe(400);
    expect((await response.json()).message).toContain('near line 12005');
    expect(await storedNetwork(userId)).toEqual(before);
    await expect.poll(() => stagedRowCount(userId)).toBe(0);
  });

  test('names the line of text after a closing quote', async ({ request }) => {
    await signUp(request);
    const csv = `${buildLinkedInCsv([buildExportRow()])}"Ana" Silva,x,,,Acme,CTO,1 Jan 2020\n`;
    const response = await upload(request, csv);
    expect(response.status()).toBe(400);
    expect((await response.json()).message).toBe(
      'Line 6 has text after a closing quote (like "Ana" Silva). Inside a quoted field write a quote as two quotes (""), then upload the file again.',
    );
  });

  test('imports the good rows of a file with a 100,000-character field and reports that row', async ({
    request,
  }) => {
    await signUp(request);
    const csv = buildLinkedInCsv([
      buildExportRow(),
      buildExportRow({ position: 'x'.repeat(100_000) }),
      buildExportRow(),
    ]);
    const accepted = (await (await upload(request, csv, { async: true })).json()) as ImportAccepted;
    expect(await waitForImport(request, accepted.id)).toMatchObject({
      state: 'completed',
      imported: 2,
      skipped: 1,
      skippedRows: [{ line: 6, reason: 'Position is longer than 300 characters' }],
    });
  });

  test('stores formulas and markup as inert text', async ({ request }) => {
    const userId = await signUp(request);
    const row = buildExportRow({
      firstName: HOSTILE_CELLS.formulaName,
      lastName: HOSTILE_CELLS.markupLastName,
      company: HOSTILE_CELLS.formulaCompany,
      position: HOSTILE_CELLS.markupPosition,
    });
    const response = await upload(request, buildLinkedInCsv([row]));
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/json');
    const person = (await response.json()).connections[1];
    expect(person).toMatchObject({
      firstName: HOSTILE_CELLS.formulaName,
      lastName: HOSTILE_CELLS.markupLastName,
      company: HOSTILE_CELLS.formulaCompany,
      position: HOSTILE_CELLS.markupPosition,
    });
    const stored = await query(
      'SELECT first_name, last_name, company, position FROM network.connections WHERE owner_user_id = $1',
      [userId],
    );
    expect(stored).toEqual([
      {
        first_name: HOSTILE_CELLS.formulaName,
        last_name: HOSTILE_CELLS.markupLastName,
        company: HOSTILE_CELLS.formulaCompany,
        position: HOSTILE_CELLS.markupPosition,
      },
    ]);
  });
});
