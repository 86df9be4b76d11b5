import { expect, test } from '@playwright/test';
import type { ImportAccepted } from '@warmpath/contracts';
import { buildExportRow, buildLinkedInCsv, generateLinkedInCsv } from '@warmpath/testing';
import { signUp, stagedRowCount, storedNetwork, upload, waitForImport } from './import.testing.js';

// A first import (the user has no people yet) is written into connections while the file is still
// being parsed, in one transaction the network service holds open: these pin what a user sees of it.

test.describe('a first import', () => {
  test('that breaks after thousands of rows were written leaves no one behind, and the next import goes in', async ({
    request,
  }) => {
    const userId = await signUp(request);
    const broken = `${generateLinkedInCsv(8000, { seed: 4 })}"Ana,Silva,,,Acme,CTO,24 Nov 2023\n`;
    const response = await upload(request, broken);
    expect(response.status()).toBe(400);
    expect((await response.json()).message).toBe(
      'A quoted field that starts on line 8005 is never closed, so the rest of the file cannot be read. Check that line for a missing closing quote (").',
    );
    expect((await storedNetwork(userId)).connections).toEqual([]);
    const network = await (await request.get('/api/network')).json();
    expect(network.connections).toHaveLength(1);
    // The rolled-back import holds nothing: the user's next import is written at once.
    const good = await upload(request, generateLinkedInCsv(300, { seed: 5 }));
    expect(good.status()).toBe(200);
    expect((await good.json()).connections).toHaveLength(301);
    expect(await stagedRowCount(userId)).toBe(0);
  });

  test('keeps the last line of a person listed twice', async ({ request }) => {
    const userId = await signUp(request);
    const url = 'https://www.linkedin.com/in/ana-silva-twice';
    const csv = buildLinkedInCsv([
      buildExportRow({ firstName: 'Ana', lastName: 'Silva', url, company: 'Acme', position: 'Engineer' }),
      buildExportRow({ firstName: 'Ben', lastName: 'Okafor', company: 'Acme' }),
      buildExportRow({ firstName: 'Ana', lastName: 'Silva', url, company: 'Globex', position: 'CTO' }),
    ]);
    const accepted = (await (await upload(request, csv, { async: true })).json()) as ImportAccepted;
    expect(await waitForImport(request, accepted.id)).toMatchObject({ state: 'completed', imported: 2 });
    const stored = (await storedNetwork(userId)).connections;
    expect(stored.find((person) => person.linkedin_url === url)).toMatchObject({
      company: 'Globex',
      position: 'CTO',
    });
  });

  test('and a second import of the same user sent at the same time both land, one after the other', async ({
    request,
  }) => {
    const userId = await signUp(request);
    const [first, second] = await Promise.all([
      upload(request, generateLinkedInCsv(3000, { seed: 11 }), { async: true }),
      upload(request, generateLinkedInCsv(2000, { seed: 12 }), { async: true }),
    ]);
    const statuses = await Promise.all(
      [first, second].map(async (response) =>
        waitForImport(request, ((await response.json()) as ImportAccepted).id),
      ),
    );
    expect(statuses.map((status) => status.state)).toEqual(['completed', 'completed']);
    const people = (await storedNetwork(userId)).connections;
    const inserted = statuses.reduce((sum, status) => sum + status.imported, 0);
    expect(people).toHaveLength(inserted);
    expect(inserted).toBeGreaterThan(3000);
  });
});
