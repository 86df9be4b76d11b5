import { expect as baseExpect, test, type Download, type Page } from '@playwright/test';
import { exportRow } from '../api/network.testing.js';
import { importRows, workspaceOf } from '../api/workspace-network.testing.js';
import { FIRST_PICTURE } from './dashboard.testing.js';
import { browserMember, type BrowserMember } from './intros.testing.js';

/**
 * Target lists in the browser (docs/targets.md#web), two members in browser contexts of their own
 * in one workspace: Alice uploads a messy 40-row CSV, corrects a match through the picker, sorts
 * by warmth, opens the top target's path (the camera flies to the person) and exports the CSV; Bob
 * sees the same list; then Carol joins, imports an export that covers an account nobody covered,
 * and Alice's list shows it as new; last Alice removes her correction.
 */

// Three browser contexts and several imports and matches: minutes on a busy 2-core machine.
test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const members: BrowserMember[] = [];
test.afterEach(async () => {
  await Promise.all(members.splice(0).map((member) => member.context.close()));
});

async function member(...args: Parameters<typeof browserMember>): Promise<BrowserMember> {
  const created = await browserMember(...args);
  members.push(created);
  return created;
}

/** A LinkedIn export row: [first, last, url, email, company, position, connected on]. */
function person(
  first: string,
  last: string,
  slug: string,
  company: string,
  position: string,
  years: number,
  email = '',
) {
  return exportRow(first, last, slug, company, years, { position, email });
}

const quote = (cell: string) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

/**
 * 40 data rows: a legal form ("Globex Corporation, Inc."), another case ("INITECH"), a domain-only
 * row, a person by profile URL, a misspelt company (corrected in the test), a company nobody
 * knows (Carol covers it later), a duplicate of line 3, and 33 accounts nobody knows.
 */
function targetCsv(run: string): string {
  const rows = [
    ['Globex Corporation, Inc.', '', ''],
    ['INITECH', '', ''],
    ['', 'https://www.umbrella-health.com/', ''],
    ['', '', `https://www.linkedin.com/in/hana-${run}/`],
    ['Acme Labz', '', ''],
    [`Nobody Knows ${run} GmbH`, '', ''],
    ['initech', '', ''],
    ...Array.from({ length: 33 }, (_, i) => [`Faraway ${run} Account ${i + 1}`, '', '']),
  ];
  return (
    [['Company', 'Website', 'Profile URL'], ...rows].map((row) => row.map(quote).join(',')).join('\n') + '\n'
  );
}

async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label).click();
  await page.locator('.ant-select-item-option:visible').filter({ hasText: option }).first().click();
}

const tableRows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const targetRow = (page: Page, target: string) => tableRows(page).filter({ hasText: target });

/**
 * The camera has flown to the person and they are highlighted: they sit in the middle of the graph
 * (read through `window.__warmpathGraph`, docs/developer-guide.md#add-a-screen-web), drawn
 * highlighted, and the hover card under the graph's centre names them, as a user would see.
 */
async function expectFlownTo(page: Page, personId: string, name: string): Promise<void> {
  const graph = page.getByTestId('network-graph');
  await expect(graph).toHaveAttribute('data-settled', 'true', { timeout: 60_000 });
  const box = await graph.boundingBox();
  if (!box) throw new Error('the graph is not on the page');
  await expect
    .poll(() =>
      page.evaluate(
        ({ id, width, height }) => {
          const hook = (window as WithGraphHook).__warmpathGraph;
          const at = hook?.nodeScreenPosition(id);
          return {
            centred: !!at && Math.abs(at.x - width / 2) < 3 && Math.abs(at.y - height / 2) < 3,
            highlighted: hook?.isHighlighted(id) ?? false,
          };
        },
        { id: personId, width: box.width, height: box.height },
      ),
    )
    .toEqual({ centred: true, highlighted: true });
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(
    page.locator('[role=tooltip][aria-hidden=false]').filter({ hasText: 'Click for more details' }),
  ).toContainText(name);
}

/** The page's read-only graph hook (web/src/features/network/graph/graph-test-hook.ts). */
type WithGraphHook = {
  __warmpathGraph?: {
    nodeScreenPosition(id: string): { x: number; y: number } | null;
    isHighlighted(id: string): boolean;
  };
};

async function textOf(download: Download): Promise<string> {
  return Buffer.concat(await (await download.createReadStream()).toArray()).toString('utf8');
}

test('Alice uploads a messy list, corrects a match, sorts, opens a path and exports; Bob sees it; a new member’s import shows as a new way in', async ({
  browser,
}) => {
  const run = `${Date.now().toString(36)}t`;
  const alice = await member(browser, 'Alice', 'Opener');
  const bob = await member(browser, 'Bob', 'Seller');
  await importRows(alice, [
    person('Gina', 'Globex', `gina-${run}`, 'Globex Corporation', 'Chief Executive Officer', 12),
    person('Ivan', 'Initech', `ivan-${run}`, 'Initech', 'Software Engineer', 1),
    person(
      'Uma',
      'Umbrella',
      `uma-${run}`,
      'Umbrella Health',
      'VP Marketing',
      2,
      `uma-${run}@umbrella-health.com`,
    ),
  ]);
  await importRows(bob, [
    person('Gabe', 'Globex', `gabe-${run}`, 'Globex Corporation', 'Account Executive', 2),
    person('Hana', 'Hooli', `hana-${run}`, 'Hooli', 'Head of Product', 3),
    person('Abe', 'Acme', `abe-${run}`, 'Acme Labs', 'Director of Research', 4),
  ]);
  const teamId = await workspaceOf(alice, [bob]);
  // Profile URLs are shared from the 'profiles' level on (docs/product.md#sharing-levels).
  const shared = await bob.request.put(`/api/teams/${teamId}/sharing`, { data: { sharing: 'profiles' } });
  expect(shared.status(), await shared.text()).toBe(200);

  // Alice: the workspace's Target lists, a new list from the file, its preview.
  const page = alice.page;
  await page.goto(`/workspaces/${teamId}`);
  await page.getByRole('button', { name: 'Target lists' }).click();
  await expect(page).toHaveURL(new RegExp(`/workspaces/${teamId}/targets$`));
  await page.getByRole('button', { name: 'New list' }).click();
  const dialog = page.getByRole('dialog', { name: 'New target list' });
  await dialog.getByLabel('Target file').setInputFiles({
    name: 'q3-accounts.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(targetCsv(run)),
  });
  await expect(dialog.getByText('39 targets, 1 skipped')).toBeVisible();
  await expect(dialog.getByText(/Line 8:/)).toBeVisible();
  await expect(dialog.getByLabel('Column mapping')).toHaveCount(0);
  await dialog.getByLabel('List name').fill('Q3 accounts');
  await dialog.getByRole('button', { name: 'Create list' }).click();
  await expect(page).toHaveURL(new RegExp(`/workspaces/${teamId}/targets/[0-9a-f-]{36}$`));
  const listUrl = new URL(page.url()).pathname;

  // The results: four ways in (folded, exact, domain, profile URL), the misspelt one unmatched.
  await expect(page.getByText('4 of 39 targets have a way in')).toBeVisible(FIRST_PICTURE);
  await expect(targetRow(page, 'Globex Corporation, Inc.').getByText('Folded')).toBeVisible();
  await expect(targetRow(page, 'INITECH').getByText('Exact')).toBeVisible();
  await expect(targetRow(page, 'umbrella-health.com').getByText('Domain')).toBeVisible();
  await expect(targetRow(page, `hana-${run}`).getByText('Profile URL')).toBeVisible();
  const acme = targetRow(page, 'Acme Labz');
  await expect(acme.getByText('None')).toBeVisible();

  // Alice corrects "Acme Labz" to the network's Acme Labs.
  await acme.getByRole('button', { name: 'Correct match' }).click();
  await page.getByRole('radio', { name: 'Acme Labs' }).check();
  await expect(acme.getByText('Manual')).toBeVisible();
  await expect(page.getByText('5 of 39 targets have a way in')).toBeVisible();

  // Sorted by warmth, Alice's twelve years with Gina come first.
  await choose(page, 'Sort by', 'Warmth');
  await expect(tableRows(page).first()).toContainText('Globex Corporation, Inc.');
  await expect(tableRows(page).first()).toContainText('Gina Globex');

  // The CSV export: one row per target and connector (Globex has two connectors).
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const csv = await textOf(await downloading);
  const lines = csv.trim().split(/\r?\n/);
  expect(lines.length - 1).toBe(40);
  expect(csv).toContain('Globex Corporation, Inc.');
  expect(csv).toContain('Alice Opener');
  expect(csv).toContain('Bob Seller');

  // Open path of the top target: the workspace network opens with Gina selected, highlighted,
  // and the camera flown to her once the graph is laid out.
  await tableRows(page).first().getByRole('button', { name: 'Open path' }).click();
  await expect(page).toHaveURL(new RegExp(`/workspaces/${teamId}\\?person=`));
  await expect(
    page.getByRole('complementary', { name: 'Connection Details' }).getByText('Gina Globex', { exact: true }),
  ).toBeVisible(FIRST_PICTURE);
  await expectFlownTo(page, new URL(page.url()).searchParams.get('person') ?? '', 'Gina Globex');

  // Bob sees the same list, with the correction.
  await bob.page.goto(`/workspaces/${teamId}/targets`);
  await bob.page.getByRole('link', { name: 'Q3 accounts' }).click();
  await expect(bob.page.getByText('5 of 39 targets have a way in')).toBeVisible(FIRST_PICTURE);
  await expect(targetRow(bob.page, 'Acme Labz').getByText('Manual')).toBeVisible();

  // Carol joins and imports an export with someone at the account nobody covered.
  const carol = await member(browser, 'Carol', 'Newcomer');
  await importRows(carol, [person('Nils', 'Nobody', `nils-${run}`, `Nobody Knows ${run}`, 'CFO', 5)]);
  const invited = await alice.request.post(`/api/teams/${teamId}/invitations`, {
    data: { email: carol.email, role: 'member' },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const { token } = (await invited.json()) as { token: string };
  const accepted = await carol.request.post(`/api/invitations/${token}/accept`);
  expect(accepted.status(), await accepted.text()).toBeLessThan(300);

  // Alice's lists tag it, and the list shows it as new.
  await page.goto(`/workspaces/${teamId}/targets`);
  await expect(page.getByRole('row', { name: /Q3 accounts/ }).getByText('1 new way in')).toBeVisible();
  await page.goto(listUrl);
  await expect(page.getByText(/^1 new way in since /)).toBeVisible(FIRST_PICTURE);
  await expect(page.getByText('6 of 39 targets have a way in')).toBeVisible();
  const nobody = targetRow(page, `Nobody Knows ${run} GmbH`);
  await expect(nobody.getByText('New', { exact: true })).toBeVisible();
  await expect(nobody).toContainText('Carol Newcomer');

  // Alice removes her correction of "Acme Labz": unmatched again, one way in fewer.
  const corrected = targetRow(page, 'Acme Labz');
  await corrected.getByRole('button', { name: 'Correct match' }).click();
  await page.getByRole('button', { name: 'Remove correction' }).click();
  await expect(corrected.getByText('None')).toBeVisible();
  await expect(page.getByText('5 of 39 targets have a way in')).toBeVisible();
});
