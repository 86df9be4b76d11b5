import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { buildLinkedInCsv, type ExportRow } from '@warmpath/testing';
import { newUser, type TestUser } from '../support/users.js';
import { FIRST_PICTURE, importThroughApi } from './dashboard.testing.js';

/**
 * Pooled workspace networks (docs/workspace-network.md) in the browser, two members in browser
 * contexts of their own: Ana and Ben import overlapping exports and share a workspace; Ben opens
 * it, filters by Ana, finds Eli (whom only Ana knows), sees the warmest path through Ana and
 * generates the intro asking Ana for it.
 */

const person = (firstName: string, lastName: string, company: string, connectedOn: string): ExportRow => ({
  firstName,
  lastName,
  url: `https://www.linkedin.com/in/${firstName.toLowerCase()}-${lastName.toLowerCase()}`,
  email: '',
  company,
  position: 'Software Engineer',
  connectedOn,
});
const DANA = person('Dana', 'Shared', 'Acme', '12 Mar 2019');
const ELI = person('Eli', 'Anaonly', 'Northwind Traders', '3 Jan 2018');
const FINN = person('Finn', 'Benonly', 'Globex', '9 Sep 2020');

const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

/** A new person in a browser context of their own, registered (and so signed in). */
async function signedInPage(browser: Browser, user: TestUser): Promise<Page> {
  const context = await browser.newContext();
  contexts.push(context);
  const page = await context.newPage();
  const response = await page.request.post('/api/register', {
    data: { ...user, confirmPassword: user.password },
  });
  expect(response.status()).toBe(201);
  return page;
}

/**
 * Ana creates the workspace and invites Ben by e-mail; Ben accepts (the workspace flow of
 * workspaces.spec.ts).
 */
async function shareWorkspace(ana: Page, ben: Page, benEmail: string): Promise<number> {
  const created = await ana.request.post('/api/teams', {
    data: { name: 'Pooled Sales', description: 'Our people' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const teamId = ((await created.json()) as { id: number }).id;
  const invited = await ana.request.post(`/api/teams/${teamId}/invitations`, {
    data: { email: benEmail, role: 'member' },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const { token } = (await invited.json()) as { token: string };
  const accepted = await ben.request.post(`/api/invitations/${token}/accept`);
  expect(accepted.status(), await accepted.text()).toBeLessThan(300);
  return teamId;
}

test("a member highlights a teammate's people in the pooled network, finds their person, the path through them and the intro", async ({
  browser,
}) => {
  const ana = newUser({ firstName: 'Ana', lastName: 'Lima' });
  const ben = newUser({ firstName: 'Ben', lastName: 'Ortiz' });
  const anaPage = await signedInPage(browser, ana);
  const benPage = await signedInPage(browser, ben);
  await importThroughApi(anaPage.request, buildLinkedInCsv([DANA, ELI]));
  await importThroughApi(benPage.request, buildLinkedInCsv([DANA, FINN]));
  const teamId = await shareWorkspace(anaPage, benPage, ben.email);

  await benPage.goto(`/workspaces/${teamId}`);
  await expect(benPage.getByRole('heading', { name: 'Pooled Sales Network' })).toBeVisible();
  // Ana's node, Dana (both), Eli (Ana only) and Finn (Ben only): Dana once.
  await expect(benPage.getByTestId('showing-line')).toHaveText(/^Showing: 4 connections/, FIRST_PICTURE);
  // Assembled in the browser from the workspace's base, Ben's patch and his own network, not the
  // per-viewer route (docs/workspace-network.md#in-the-browser).
  const reads = await benPage.evaluate(() =>
    performance
      .getEntriesByName('warmpath:network-read')
      .map((mark) => (mark as PerformanceMark).detail as { path: string; fallback?: string }),
  );
  expect(reads.map((read) => read.path)).toContain('split');
  expect(reads.filter((read) => read.fallback)).toEqual([]);

  // Ana's people are highlighted (docs/product.md#workspace-network-screen), nobody is hidden:
  // Finn, only Ben's, stays.
  const anaButton = benPage
    .getByRole('group', { name: 'Collaborators' })
    .getByRole('button', { name: 'Ana Lima' });
  await anaButton.click();
  await expect(anaButton).toHaveAttribute('aria-pressed', 'true');
  await expect(benPage.getByTestId('showing-line')).toHaveText(/^Showing: 4 connections/);
  await benPage.getByText('Table', { exact: true }).click();
  const table = benPage.locator('.ant-table');
  await expect(table.getByText('Eli Anaonly')).toBeVisible();
  await expect(table.getByText('Finn Benonly')).toBeVisible();
  await table
    .getByRole('row', { name: /Eli Anaonly/ })
    .getByRole('button', { name: 'View Details' })
    .click();

  const details = benPage.getByRole('complementary', { name: 'Connection Details' });
  await expect(details.getByText('2nd degree connection')).toBeVisible();
  await expect(details.getByRole('list', { name: 'Teammates who know this person' })).toHaveText('Ana Lima');
  await expect(details.getByText('Ana Lima is your teammate')).toBeVisible();
  await expect(details.getByText(/^Ana Lima knows Eli Anaonly/)).toBeVisible();

  await details.getByRole('button', { name: 'Generate warm intro' }).click();
  const intro = benPage.getByRole('dialog', { name: 'Warm introduction' });
  // The built-in writer answers without a model; the message asks Ana, the path's teammate.
  await expect(intro.getByText(/^Hi Ana,/)).toBeVisible({ timeout: 30_000 });
  await expect(intro.getByText('Written by the built-in writer (no AI model is configured).')).toBeVisible();
});
