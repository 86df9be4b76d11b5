import { expect, test } from '@playwright/test';
import { buildExportRow, buildLinkedInCsv, buildZip, type ExportRow } from '@warmpath/testing';
import { importThroughApi, registerThroughApi } from './dashboard-helpers.js';

// Issue 15 as a user tries it: an older export, then LinkedIn's newer archive through the dialog.

const person = (firstName: string, company: string, position: string): ExportRow =>
  buildExportRow({
    firstName,
    lastName: 'Novak',
    url: `https://www.linkedin.com/in/${firstName.toLowerCase()}-novak`,
    company,
    position,
  });

test('a re-import of the LinkedIn archive says what changed and the history page shows who moved', async ({
  page,
}) => {
  await registerThroughApi(page);
  await importThroughApi(
    page.request,
    buildLinkedInCsv([
      person('Ana', 'Globex', 'CTO'),
      person('Ben', 'Acme', 'Engineer'),
      person('Chloe', 'Initech', 'Designer'),
    ]),
  );
  const newer = buildLinkedInCsv([
    person('Ana', 'Initech', 'CTO'),
    person('Ben', 'Acme', 'Engineer'),
    person('Eve', 'Hooli', 'Analyst'),
  ]);
  await page.goto('/');
  await page.getByRole('button', { name: 'Import LinkedIn Connections' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Import LinkedIn Connections' });
  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'Basic_LinkedInDataExport_11-25-2026.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from(
      buildZip([
        { name: 'Connections.csv', data: newer },
        { name: 'Profile.csv', data: 'x' },
      ]),
    ),
  });
  await dialog.getByRole('button', { name: /^(upload )?Import$/ }).click();
  await expect(dialog.getByText('1 new connection, 1 job change, 1 no longer in your export')).toBeVisible({
    timeout: 30_000,
  });
  await dialog.getByRole('link', { name: 'See what changed' }).click();
  await expect(page).toHaveURL(/\/imports\?import=/);
  await expect(page.getByRole('heading', { name: 'Import history' })).toBeVisible();
  await expect(page.getByText('Ana Novak: moved from CTO at Globex to CTO at Initech')).toBeVisible();
  await expect(
    page.getByText('Chloe Novak: not in your latest export (was Designer at Initech)'),
  ).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Basic_LinkedInDataExport_11-25-2026.zip' })).toBeVisible();
});
