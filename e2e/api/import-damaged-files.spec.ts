import { expect, test } from '@playwright/test';
import type { ImportAccepted } from '@warmpath/contracts';
import { buildExportRow, buildLinkedInCsv, DAMAGED_FILES } from '@warmpath/testing';
import { query, signUp, stagedRowCount, storedNetwork, upload, waitForImport } from './import-helpers.js';

// The four damaged exports of libs/testing (docs/import.md#row-accounting) through the upload
// route: what is stored, what is reported.

interface StoredPerson {
  first_name: string;
  last_name: string;
  email: string | null;
  company: string | null;
  position: string | null;
}

async function people(userId: number): Promise<StoredPerson[]> {
  return query<StoredPerson>(
    `SELECT first_name, last_name, email, company, position FROM network.connections
     WHERE owner_user_id = $1 ORDER BY first_name`,
    [userId],
  );
}

test.describe('import of damaged exports', () => {
  test('skips and reports a row shifted by an unquoted comma, storing nothing shifted', async ({
    request,
  }) => {
    const userId = await signUp(request);
    const accepted = (await (
      await upload(request, DAMAGED_FILES.unquotedComma(), { async: true })
    ).json()) as ImportAccepted;
    const status = await waitForImport(request, accepted.id);
    expect(status).toMatchObject({ state: 'completed', imported: 2, skipped: 1 });
    expect(status.skippedRows).toEqual([
      {
        line: 6,
        reason:
          'Has 8 values but the header has 7 columns (probably a comma in a value without quotes, such as "Acme, Inc."), so its values cannot be matched to the columns',
      },
    ]);
    expect((await people(userId)).map((person) => person.first_name)).toEqual(['Ana', 'Chloé']);
  });

  test('keeps people whose e-mail value is not an address, without the value, with warnings', async ({
    request,
  }) => {
    const userId = await signUp(request);
    const accepted = (await (
      await upload(request, DAMAGED_FILES.invalidEmails(), { async: true })
    ).json()) as ImportAccepted;
    const status = await waitForImport(request, accepted.id);
    expect(status).toMatchObject({
      state: 'completed',
      imported: 3,
      skipped: 0,
      warningCounts: { 'invalid-email': 2, 'extra-empty-fields': 0 },
    });
    expect(status.warnings.map(({ line, kind }) => `${line} ${kind}`)).toEqual([
      '6 invalid-email',
      '7 invalid-email',
    ]);
    expect((await people(userId)).map((person) => [person.first_name, person.email])).toEqual([
      ['Ana', 'ana@example.com'],
      ['Ben', null],
      ['Dan', null],
    ]);
  });

  test('refuses a header naming a column twice and leaves earlier data as it was', async ({ request }) => {
    const userId = await signUp(request);
    expect((await upload(request, buildLinkedInCsv([buildExportRow(), buildExportRow()]))).status()).toBe(
      200,
    );
    const before = await storedNetwork(userId);
    const response = await upload(request, DAMAGED_FILES.duplicateColumn());
    expect(response.status()).toBe(400);
    const message =
      'The header row has the column "Company" twice (columns 5 and 8), so it is not clear which one to import. Remove or rename one of them and upload the file again.';
    expect(await response.json()).toMatchObject({ statusCode: 400, message, error: message });
    expect(await storedNetwork(userId)).toEqual(before);
    expect(await stagedRowCount()).toBe(0);
  });

  test('skips the row with NUL bytes and imports the rest', async ({ request }) => {
    const userId = await signUp(request);
    const accepted = (await (
      await upload(request, DAMAGED_FILES.nulInFields(), { async: true })
    ).json()) as ImportAccepted;
    const status = await waitForImport(request, accepted.id);
    expect(status).toMatchObject({ state: 'completed', imported: 2, skipped: 1 });
    expect(status.skippedRows[0]?.line).toBe(6);
    expect((await people(userId)).map((person) => person.first_name)).toEqual(['Ana', 'Chloé']);
  });

  test('imports a file ending in a run of NUL bytes (a truncated download)', async ({ request }) => {
    const userId = await signUp(request);
    const response = await upload(request, DAMAGED_FILES.trailingNuls());
    expect(response.status()).toBe(200);
    expect((await people(userId)).map((person) => person.first_name)).toEqual(['Ana', 'Chloé']);
  });
});
