import { expect, test } from '@playwright/test';
import { buildExportRow, buildLinkedInCsv, buildZip, type ExportRow } from '@warmpath/testing';
import { importThroughApi, registerThroughApi } from './dashboard-helpers.js';

// What changed since the last export, as a user tries it
// (docs/import.md#what-changed-since-the-last-export): an older export, then LinkedIn's newer
// archive through the dialog.

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
  // Two imports, the filter, a removal and its undo: more steps than the default test time allows.
  test.slow();
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
  await expect(
    dialog.getByRole('button', { name: 'Remove 1 person not in your latest export' }),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();

  // "Changed since last import": Eve (new) and Ana (moved), highlighted in the graph, alone in the table.
  await page.getByRole('button', { name: 'Expand Filters & Analysis' }).click();
  await expect(page.getByLabel('Changed since last import count')).toHaveText('2');
  await page.getByRole('switch', { name: 'Changed since last import' }).click();
  await expect(page).toHaveURL(/changed=1/);
  // The graph keeps everyone (Chloe too: absent people are only flagged until removed).
  await expect(page.getByTestId('showing-line')).toContainText('Showing: 4 connections');
  await page.getByText('Table', { exact: true }).click();
  // The table mounts after the switch, in a transition of its own: slow on a busy machine.
  await expect(page.getByText('2 connections', { exact: true })).toBeVisible({ timeout: 30_000 });
  const rows = page.locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: 'Eve Novak' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Ana Novak' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Ben Novak' })).toHaveCount(0);

  // A fresh page load (the app, then the page's own chunk): slow on a busy machine.
  await page.goto('/imports');
  await expect(page.getByRole('heading', { name: 'Import history' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Ana Novak: moved from CTO at Globex to CTO at Initech')).toBeVisible();
  await expect(
    page.getByText('Chloe Novak: not in your latest export (was Designer at Initech)'),
  ).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Basic_LinkedInDataExport_11-25-2026.zip' })).toBeVisible();

  // Remove the person not in the latest export, see them gone, then undo it.
  await page.getByRole('button', { name: 'Remove 1 person not in your latest export' }).click();
  await page.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByText('1 person removed from your network')).toBeVisible();
  const removal = page.getByLabel('Removal of the people not in your latest export');
  await expect(removal).toContainText(
    '1 person not in your latest export was removed. You can undo this until',
  );
  await page.goto('/?view=table');
  await expect(page.getByText('3 connections', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('tbody tr.ant-table-row').filter({ hasText: 'Chloe Novak' })).toHaveCount(0);
  await page.goto('/imports');
  await expect(page.getByRole('heading', { name: 'Import history' })).toBeVisible({ timeout: 30_000 });
  await page
    .getByLabel('Removal of the people not in your latest export')
    .getByRole('button', { name: 'Undo' })
    .click();
  await expect(page.getByText('1 person is back in your network')).toBeVisible();
  await page.goto('/?view=table');
  await expect(page.getByText('4 connections', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('tbody tr.ant-table-row').filter({ hasText: 'Chloe Novak' })).toHaveCount(1);
});
