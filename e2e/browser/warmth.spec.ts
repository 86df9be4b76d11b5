import { expect, test } from '@playwright/test';
import { buildExportRow, buildLinkedInCsv, buildZip, type ExportRow } from '@warmpath/testing';
import { messagesCsv } from '../api/warmth-archive.js';
import { registerThroughApi } from './dashboard.testing.js';

// Warmth from the LinkedIn archive as a user sees it (docs/warmth.md): import an archive with
// messages, then the table's strength, the "talked in the last 12 months" filter, the person's
// Relationship section and the warmest path's explanation.

const person = (firstName: string, connectedOn: string): ExportRow =>
  buildExportRow({
    firstName,
    lastName: 'Warm',
    url: `https://www.linkedin.com/in/${firstName.toLowerCase()}-warm-${Math.random().toString(36).slice(2, 8)}`,
    company: 'Initech',
    position: 'Software Engineer',
    connectedOn,
  });

test('an archive with messages shows who you talk to, their relationship and the path in words', async ({
  page,
}) => {
  // An archive import, the table, a filter and the details panel: more than the default time.
  test.slow();
  await registerThroughApi(page);
  const mia = person('Mia', '10 Jan 2025');
  const zoe = person('Zoe', '3 Mar 2013');
  const stranger = buildExportRow({
    firstName: 'Rita',
    url: 'https://www.linkedin.com/in/rita-not-connected',
  });
  const archive = buildZip([
    { name: 'Connections.csv', data: buildLinkedInCsv([mia, zoe]) },
    // The member is the one in every conversation: two are needed to tell them apart.
    {
      name: 'messages.csv',
      data: messagesCsv([
        { person: mia, count: 24, daysAgo: 7 },
        { person: stranger, count: 2, daysAgo: 30 },
      ]),
    },
  ]);
  await page.goto('/');
  await page.getByRole('button', { name: 'Import LinkedIn Connections' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Import LinkedIn Connections' });
  // The dialog's opening zoom moves its button: a click while it runs can land beside it.
  await expect(dialog).not.toHaveClass(/ant-zoom-(appear|enter)/);
  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'Complete_LinkedInDataExport_11-26-2026.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from(archive),
  });
  await dialog.getByRole('button', { name: /^(upload )?Import$/ }).click();
  await expect(dialog.getByText(/^(Imported 2 connections|Import complete\.)/)).toBeVisible({
    timeout: 30_000,
  });
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();

  // The table: Mia's tie is strong, with its score; Zoe has none from the archive's messages.
  await page.goto('/?view=table');
  await expect(page.getByText('2 connections', { exact: true })).toBeVisible({ timeout: 30_000 });
  const rows = page.locator('tbody tr.ant-table-row');
  await expect(rows.filter({ hasText: 'Mia Warm' }).getByLabel(/^Tie strength: Strong · \d+$/)).toBeVisible();

  // "Talked in the last 12 months" keeps Mia alone.
  await page.getByRole('button', { name: 'Expand Filters & Analysis' }).click();
  await page.getByRole('switch', { name: 'Talked in the last 12 months' }).click();
  await expect(page).toHaveURL(/talked=1/);
  await expect(page.getByText('1 connections', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(rows.filter({ hasText: 'Zoe Warm' })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Who you talk to most' })).toContainText('Mia Warm');

  // Mia's details: the Relationship section with its sources, and the path in words.
  await rows.filter({ hasText: 'Mia Warm' }).getByRole('button', { name: 'View Details' }).click();
  const details = page.getByRole('complementary', { name: 'Connection Details' });
  const relationship = details.getByRole('region', { name: 'Relationship' });
  await expect(relationship.getByRole('listitem', { name: 'Messages sent' })).toContainText('12');
  await expect(relationship.getByRole('listitem', { name: 'Messages sent' })).toContainText(
    'from messages.csv',
  );
  await expect(relationship.getByRole('listitem', { name: 'Messages received' })).toContainText('12');
  await expect(relationship.getByRole('listitem', { name: 'Last message' })).toContainText('answered');
  await expect(relationship.getByLabel(/^Tie strength: Strong · \d+$/)).toBeVisible();
  const path = details.getByRole('region', { name: 'Warmest introduction path' });
  await expect(path.getByText('You exchanged 24 messages with Mia Warm, the last 7 days ago')).toBeVisible({
    timeout: 30_000,
  });
  await expect(path.getByLabel('Tie strength: Strong')).toBeVisible();

  // Zoe: no archive signals, so no Relationship section.
  await page.getByRole('switch', { name: 'Talked in the last 12 months' }).click();
  await rows.filter({ hasText: 'Zoe Warm' }).getByRole('button', { name: 'View Details' }).click();
  await expect(details.getByText('Zoe Warm', { exact: true })).toBeVisible();
  await expect(details.getByRole('region', { name: 'Relationship' })).toHaveCount(0);
});
