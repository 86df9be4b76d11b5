import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import type { NetworkData } from '@warmpath/contracts';
import {
  exportCsv,
  FIRST_PICTURE,
  importThroughApi,
  networkOf,
  registerThroughApi,
  ZELDA,
} from './dashboard.testing.js';

/**
 * What a user sees and does on the graph itself: the hover card's numbers, a click that opens
 * Connection Details, the PNG and GEXF downloads, the fly-by tour's button, a layout switch and
 * the zoom buttons. The page cannot read node positions, so a person is found the way a user
 * would: chosen in the search, which centres the camera on them.
 */

const COLLEAGUES = [
  {
    ...ZELDA,
    firstName: 'Ada',
    lastName: 'Northcote',
    url: 'https://www.linkedin.com/in/ada-northcote',
    email: '',
    position: 'Account Executive',
  },
  {
    ...ZELDA,
    firstName: 'Bo',
    lastName: 'Northcote',
    url: 'https://www.linkedin.com/in/bo-northcote',
    email: '',
    position: 'Sales Engineer',
  },
];

async function bytesOf(download: Download): Promise<Buffer> {
  return Buffer.concat(await (await download.createReadStream()).toArray());
}

/** Where the graph's middle is on the page now (the camera's centre). */
async function graphCentre(page: Page): Promise<{ x: number; y: number }> {
  const box = await page.getByTestId('network-graph').boundingBox();
  if (!box) throw new Error('the graph is not on the page');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Picks Zelda in the top bar's search: she is selected and the camera flies to her. */
async function chooseZelda(page: Page): Promise<void> {
  // The view fits itself about 500 ms after the layout settles: a search chosen before that would
  // be flown away from again.
  await waitForStill(page.getByTestId('network-graph'));
  await page.getByLabel('Search your network').fill('Quartermaine');
  await page.locator('.ant-select-item-option').filter({ hasText: 'Zelda Quartermaine' }).click();
  await expect(page.getByRole('complementary', { name: 'Connection Details' })).toContainText(
    'Zelda Quartermaine',
  );
}

/**
 * The hover card under the graph's centre once it names `name`, moving the pointer a little each
 * try. The camera flies to a chosen person for a second, and the card follows whoever passes
 * under a still pointer: read at once, it can name a colleague the flight is passing over.
 */
async function hoverCardAtCentre(page: Page, name: string): Promise<string> {
  const card = page
    .locator('[role=tooltip][aria-hidden=false]')
    .filter({ hasText: 'Click for more details' });
  let nudge = 0;
  let text = '';
  await expect
    .poll(
      async () => {
        const { x, y } = await graphCentre(page);
        nudge = (nudge + 1) % 3;
        await page.mouse.move(x + nudge - 1, y);
        text = (await card.count()) === 1 ? ((await card.textContent()) ?? '') : '';
        return text;
      },
      { timeout: 20_000 },
    )
    .toContain(name);
  return text;
}

/** Waits until two pictures of the graph half a second apart are the same (nothing moves any more). */
async function waitForStill(graph: Locator): Promise<Buffer> {
  let last = await graph.screenshot({ animations: 'disabled' });
  await expect
    .poll(
      async () => {
        const now = await graph.screenshot({ animations: 'disabled' });
        const isSame = now.equals(last);
        last = now;
        return isSame;
      },
      { intervals: [500], timeout: 30_000 },
    )
    .toBe(true);
  return last;
}

function northwindColleagues(network: NetworkData): number {
  const northwind = network.connections.filter(
    (c) => !c.isUser && c.company?.trim().toLowerCase() === ZELDA.company.toLowerCase(),
  );
  return northwind.length - 1;
}

test.describe('the graph, as a user works it', () => {
  let network: NetworkData;

  test.beforeEach(async ({ page }) => {
    await registerThroughApi(page, { firstName: 'Maya', lastName: 'Chen' });
    await importThroughApi(page.request, exportCsv(40, [ZELDA, ...COLLEAGUES]));
    network = await networkOf(page.request);
    await page.goto('/');
    await expect(page.getByTestId('showing-line')).toHaveText(/^Showing: \d+ connections/, FIRST_PICTURE);
    await expect(page.getByTestId('network-graph')).toHaveAttribute('data-settled', 'true', {
      timeout: 60_000,
    });
  });

  test('hovering a person shows their real numbers; clicking them opens Connection Details', async ({
    page,
  }) => {
    await chooseZelda(page);
    const colleagues = northwindColleagues(network);
    expect(colleagues).toBeGreaterThanOrEqual(2);
    const text = await hoverCardAtCentre(page, 'Zelda Quartermaine');
    expect(text).toContain('VP of Sales at Northwind Traders');
    expect(text).toContain(`${colleagues} other connections work here`);

    await page.getByRole('button', { name: 'Close details' }).click();
    await expect(page.getByRole('complementary', { name: 'Connection Details' })).toHaveCount(0);
    await hoverCardAtCentre(page, 'Zelda Quartermaine');
    const { x, y } = await graphCentre(page);
    await page.mouse.click(x, y);
    await expect(page.getByRole('complementary', { name: 'Connection Details' })).toContainText(
      'Zelda Quartermaine',
    );
    await expect(page).toHaveURL(/person=/);
  });

  test('the PNG and GEXF downloads are valid files of the network on screen', async ({ page }) => {
    await page.getByRole('button', { name: 'Export' }).click();
    const pngDownload = page.waitForEvent('download');
    await page.getByText('Image of the graph (PNG)').click();
    const png = await bytesOf(await pngDownload);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
    const canvas = await page.getByTestId('network-graph').boundingBox();
    expect(png.readUInt32BE(16)).toBeGreaterThanOrEqual(Math.floor(canvas?.width ?? 1));
    expect(png.readUInt32BE(20)).toBeGreaterThanOrEqual(Math.floor(canvas?.height ?? 1));

    await page.getByRole('button', { name: 'Export' }).click();
    const gexfDownload = page.waitForEvent('download');
    await page.getByText('Graph for Gephi (GEXF)').click();
    const file = await gexfDownload;
    expect(file.suggestedFilename()).toMatch(/^warmpath-network-\d{4}-\d{2}-\d{2}\.gexf$/);
    const gexf = (await bytesOf(file)).toString('utf8');
    expect(gexf).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>/);
    expect(gexf).toContain('<gexf xmlns="http://gexf.net/1.3" version="1.3">');
    expect(gexf.match(/<node /g)).toHaveLength(network.connections.length);
    expect(gexf.match(/<edge /g)).toHaveLength(network.relationships.length);
    expect(gexf).toContain('label="Zelda Quartermaine"');
    expect(gexf.trimEnd()).toMatch(/<\/gexf>$/);
  });

  test("'Fly-by Tour' becomes 'Stop Tour' while it runs, and back when stopped", async ({ page }) => {
    await page.getByRole('button', { name: 'Fly-by Tour' }).click();
    await expect(page.getByRole('button', { name: 'Stop Tour' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Fly-by Tour' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Stop Tour' }).click();
    await expect(page.getByRole('button', { name: 'Fly-by Tour' })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Stop Tour' })).toHaveCount(0);
  });

  test('a layout switch redraws the graph and is kept in the link; the zoom buttons move the view', async ({
    page,
  }) => {
    const graph = page.getByTestId('network-graph');
    const before = await graph.screenshot({ animations: 'disabled' });
    // antd draws its own radio over a hidden input: the user clicks the label.
    await page.getByRole('radiogroup', { name: 'Layout' }).getByText('Circular', { exact: true }).click();
    await expect(page).toHaveURL(/layout=circular/);
    await expect
      .poll(async () => (await graph.screenshot({ animations: 'disabled' })).equals(before), {
        timeout: 20_000,
      })
      .toBe(false);

    await page.reload();
    await expect(page.getByRole('radio', { name: 'Circular' })).toBeChecked();
    await expect(graph).toHaveAttribute('data-settled', 'true', { timeout: 60_000 });

    const { x, y } = await graphCentre(page);
    await page.mouse.move(x, y + 200);
    // Only once nothing moves does a changed picture show that the button did it.
    const unzoomed = await waitForStill(graph);
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect
      .poll(async () => (await graph.screenshot({ animations: 'disabled' })).equals(unzoomed), {
        timeout: 10_000,
      })
      .toBe(false);
    const zoomed = await waitForStill(graph);
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await expect
      .poll(async () => (await graph.screenshot({ animations: 'disabled' })).equals(zoomed), {
        timeout: 10_000,
      })
      .toBe(false);
  });
});
