import { expect, test, type Page } from '@playwright/test';
import { newUser } from '../support/users.js';
import {
  exportCsv,
  FIRST_PICTURE,
  importThroughApi,
  networkOf,
  registerThroughApi,
  showingLine,
  ZELDA,
} from './dashboard.testing.js';
import { present } from '../support/present.js';

test('a new user registers, imports their LinkedIn export through the dialog and sees their network', async ({
  page,
}) => {
  const user = newUser({ firstName: 'Iris', lastName: 'Novak' });
  await page.goto('/auth?tab=register');
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('First name').fill(user.firstName);
  await form.getByLabel('Last name').fill(user.lastName);
  await form.getByLabel('Email').fill(user.email);
  await form.getByLabel('Username').fill(user.username);
  await form.getByLabel('Password', { exact: true }).fill(user.password);
  await form.getByLabel('Confirm password').fill(user.password);
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('No connections found')).toBeVisible();

  await page.getByRole('button', { name: 'Import LinkedIn Connections' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Import LinkedIn Connections' });
  await dialog.getByRole('button', { name: /^(upload )?Import$/ }).click();
  await expect(page.getByText('No file selected')).toBeVisible();
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'resume.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
  await dialog.getByRole('button', { name: /^(upload )?Import$/ }).click();
  await expect(page.getByText('Invalid file format')).toBeVisible();

  // The sample the dialog links to, downloaded as a user would.
  await expect(dialog.getByRole('link', { name: 'sample CSV file' })).toHaveAttribute(
    'href',
    '/sample_connections.csv',
  );
  const sample = await page.request.get('/sample_connections.csv');
  expect(sample.status()).toBe(200);
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'sample_connections.csv', mimeType: 'text/csv', buffer: await sample.body() });
  await dialog.getByRole('button', { name: /^(upload )?Import$/ }).click();
  await expect(dialog.getByText(/^Imported \d+ connections and \d+ relationships\.$/)).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('Import successful')).toBeVisible();
  await expect(dialog.getByLabel('Import counters')).toContainText('Rows read: 150');

  const network = await networkOf(page.request);
  const people = network.connections.filter((c) => !c.isUser).length;
  expect(people).toBe(150);
  await expect(
    dialog.getByText(`Imported ${people} connections and ${network.relationships.length} relationships.`),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(page.getByText(showingLine(people, network.relationships.length))).toBeVisible();
  await expect(page.getByTestId('network-graph').locator('canvas')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Network Legend' })).toHaveAttribute('aria-expanded', 'true');
});

test.describe('with an imported network', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test.beforeEach(async ({ page }) => {
    await registerThroughApi(page, { firstName: 'Maya', lastName: 'Chen' });
    await importThroughApi(page.request, exportCsv(60));
    await page.goto('/');
    await expect(page.getByText(/^Showing: \d+ connections/)).toBeVisible(FIRST_PICTURE);
  });

  test('search selects a person; details show real data, the warmest path, private notes and a warm intro', async ({
    page,
  }) => {
    const search = page.getByLabel('Search your network');
    await search.fill('quarter');
    const options = page.locator('.ant-select-item-option');
    await expect(options).toHaveCount(1);
    await search.fill('a');
    await expect(options).toHaveCount(6);
    await search.fill('Zelda');
    await options.filter({ hasText: 'Zelda Quartermaine' }).click();

    const details = page.getByRole('complementary', { name: 'Connection Details' });
    await expect(details.getByText('Zelda Quartermaine', { exact: true })).toBeVisible();
    await expect(details.getByText('VP of Sales at Northwind Traders')).toBeVisible();
    await expect(details.getByText(ZELDA.email)).toBeVisible();
    await expect(details.getByRole('link', { name: 'LinkedIn profile' })).toHaveAttribute('href', ZELDA.url);
    await expect(details.getByLabel('Warmest introduction path')).toContainText(
      /You know Zelda Quartermaine \(\d+ years?\)/,
    );
    await expect(page).toHaveURL(/person=\d+/);

    await details.getByLabel('Private notes').fill('Met at the Lisbon meetup. <b>not markup</b>');
    await details.getByRole('button', { name: 'Save notes' }).click();
    await expect(page.getByText('Notes saved')).toBeVisible();
    await page.reload();
    await expect(
      page.getByRole('complementary', { name: 'Connection Details' }).getByLabel('Private notes'),
    ).toHaveValue('Met at the Lisbon meetup. <b>not markup</b>');

    await page.getByRole('button', { name: 'Generate warm intro' }).click();
    const intro = page.getByTestId('warm-intro-text');
    await expect(intro).toContainText('Zelda', { timeout: 20_000 });
    await expect(page.getByText('Warm introduction generated!')).toBeVisible();
    await expect(page.getByText('Written by the built-in writer (no AI model is configured).')).toBeVisible();
    await page.getByRole('button', { name: 'Copy' }).click();
    await expect(page.getByText('The introduction has been copied to your clipboard.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await intro.innerText());
  });

  test('the table pages 50 at a time and its search goes back to page 1', async ({ page }) => {
    const network = await networkOf(page.request);
    const rows = network.connections.length;
    await page.getByText('Table', { exact: true }).click();
    await expect(page.getByText(`${rows - 1} connections`, { exact: true })).toBeVisible();
    await expect(page.getByText(`Page 1 of ${Math.ceil(rows / 50)}`)).toBeVisible();
    await expect(page.locator('tbody tr.ant-table-row')).toHaveCount(50);
    await expect(page.locator('tbody tr.ant-table-row').first()).toContainText('Maya Chen (You)');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(`Page 2 of ${Math.ceil(rows / 50)}`)).toBeVisible();
    await page.getByPlaceholder('Search connections...').fill('northwind');
    await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
    const northwind = network.connections.filter((c) =>
      c.company?.toLowerCase().includes('northwind'),
    ).length;
    await expect(page.getByText(`${northwind} connections`, { exact: true })).toBeVisible();
    await page.getByPlaceholder('Search connections...').fill('no such person anywhere');
    await expect(page.getByText('No connections matching your search')).toBeVisible();
  });

  test('company and degree filters change the graph and the counts', async ({ page }) => {
    const network = await networkOf(page.request);
    const people = network.connections.filter((c) => !c.isUser);
    await page.getByRole('button', { name: 'Expand Filters & Analysis' }).click();
    const sidebar = page.getByRole('complementary', { name: 'Filters & Analysis' });
    await expect(sidebar.getByLabel('1st degree count')).toHaveText(String(people.length));
    const top = present(network.companies.slice().sort((a, b) => b.count - a.count)[0], 'a company');
    await sidebar.getByRole('checkbox', { name: `${top.name} (${top.count})` }).click();
    await expect(page).toHaveURL(/company=/);
    await expect(page.getByText(new RegExp(`^Showing: ${top.count} connections`))).toBeVisible();
    await expect(sidebar.getByLabel('1st degree count')).toHaveText(String(top.count));
    await sidebar.getByRole('switch', { name: '1st degree' }).click();
    await expect(page.getByText('Showing: 0 connections • 0 relationships')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Fly-by Tour' })).toBeDisabled();
    await expect(sidebar.getByLabel('Industry')).toBeDisabled();
    await expect(
      sidebar.getByText('Your imported data has no industry column, so there is nothing to filter by yet.'),
    ).toBeVisible();
    await expect(sidebar.getByRole('list', { name: 'Seniority' })).toBeVisible();
  });

  test('the CSV export escapes formula cells', async ({ page }) => {
    await page.getByRole('button', { name: 'Export' }).click();
    const download = page.waitForEvent('download');
    await page.getByText('Filtered connections (CSV)').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^warmpath-connections-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await (
      await file.createReadStream()
    )
      .toArray()
      .then((chunks) => Buffer.concat(chunks).toString('utf8'));
    const line = text.split('\r\n').find((l) => l.includes('evil.example'));
    expect(line).toMatch(
      /^"'=HYPERLINK\(""http:\/\/evil\.example"",""click""\)",'\+Plus,'@Formula Corp,'-Minus Manager,,https:\/\/www\.linkedin\.com\/in\/formula-person,1st,\d+,2020-01-01,,,$/,
    );
    expect(text.split('\r\n').filter((l) => /^[=+\-@]/.test(l))).toEqual([]);
  });

  test('a shared link opens the same view in a fresh page', async ({ page, context }) => {
    await page.getByRole('button', { name: 'Expand Filters & Analysis' }).click();
    await page.getByRole('checkbox', { name: /^Northwind Traders \(\d+\)$/ }).click();
    await page.getByText('Circular', { exact: true }).click();
    await page.getByLabel('Search your network').fill('Zelda');
    await page.locator('.ant-select-item-option').filter({ hasText: 'Zelda Quartermaine' }).click();
    const details = (on: typeof page) =>
      on
        .getByRole('complementary', { name: 'Connection Details' })
        .getByText('Zelda Quartermaine', { exact: true });
    await expect(details(page)).toBeVisible();
    await page.getByText('Table', { exact: true }).click();
    await expect(page.getByPlaceholder('Search connections...')).toBeVisible();
    const showing = await page.getByText(/^Showing: /).innerText();
    await page.getByRole('button', { name: 'Share' }).click();
    await expect(page.getByText('A link to this view has been copied to your clipboard.')).toBeVisible();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/view=table/);
    expect(link).toMatch(/person=/);

    const fresh = await context.newPage();
    await fresh.goto(link);
    // A fresh page loads the app and the network: slower than a step on a page already open.
    await expect(fresh.getByText(showing, { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(fresh.getByPlaceholder('Search connections...')).toBeVisible();
    await expect(details(fresh)).toBeVisible();
    await fresh.getByText('Graph', { exact: true }).click();
    await expect(fresh.getByRole('radio', { name: 'Circular' })).toBeChecked();
    await fresh.close();
  });
});

/** A new user's 'Import LinkedIn Data' dialog, Import pressed with no file: its toast is showing. */
async function importDataDialogWithoutFile(page: Page) {
  await registerThroughApi(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Import LinkedIn Data' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Import LinkedIn Data' });
  await dialog.getByRole('button', { name: /^(upload )?Import$/ }).click();
  await expect(page.getByText('No File Selected')).toBeVisible();
  return dialog;
}

test('rows the import cannot use are listed with their line and reason', async ({ page }) => {
  const dialog = await importDataDialogWithoutFile(page);
  const nameless = { ...ZELDA, firstName: '', lastName: '', url: 'https://www.linkedin.com/in/nameless' };
  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'Connections.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(exportCsv(5, [nameless, ZELDA])),
  });
  await dialog.getByRole('button', { name: /^(upload )?Import$/ }).click();
  await expect(dialog.getByText('Imported 6 connections and', { exact: false })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('Import Successful')).toBeVisible();
  await expect(dialog.getByLabel('Import counters')).toContainText('Skipped: 1');
  await dialog.getByText('Skipped rows (1)').click();
  // The preamble takes 3 lines and the header 1: the 6th person is on line 10.
  await expect(dialog.getByText(/^Line 10: .+/)).toBeVisible();
});

test('a toast that follows another within its 5 s is shown for its own 5 s', async ({ page }) => {
  // The page's clock, moved on by the test: the toasts' seconds pass without waiting for them.
  await page.clock.install();
  const dialog = await importDataDialogWithoutFile(page);
  await page.clock.runFor(4_000);
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
  await dialog.getByRole('button', { name: /^(upload )?Import$/ }).click();
  const invalid = page.getByText('Invalid File', { exact: true });
  await expect(invalid).toBeVisible();
  // It replaced the first (one toast at a time); it once closed with the first, 1 s after it opened.
  await expect(page.getByText('No File Selected')).toHaveCount(0);
  await page.clock.runFor(3_000);
  await expect(invalid).toBeVisible();
  await page.clock.runFor(2_500);
  await expect(invalid).toBeHidden();
});
