/* global window, document, MutationObserver, requestAnimationFrame -- functions passed to page.evaluate run in the browser */
// The target list results screen (docs/targets.md#web) in headless chromium, signed in: how long
// until the first result rows are on screen, and the app's main-thread tasks while it loads and
// while the user sorts and scrolls the table (first-picture.mjs's trace-based appLongTasks).
import { signedInBrowser, traced } from './first-picture.mjs';

/**
 * Opens `path` (/workspaces/{id}/targets/{listId}) and answers: `firstRowsMs`, navigation start to
 * the frame after the first result rows entered the page; the app's tasks over 50 ms of CPU until
 * `afterMs` later (`cpu`); then, traced apart (`interaction`), sorting by warmth and scrolling the
 * table down `scrolls` times.
 */
export async function measureTargetsScreen({
  baseUrl,
  cookie,
  path,
  capMs = 240_000,
  afterMs = 3000,
  scrolls = 10,
}) {
  const { browser, context } = await signedInBrowser({ baseUrl, cookie });
  try {
    // Set from the page, with no polling of the benchmark's in between.
    await context.addInitScript(() => {
      const rowsIn = () => document.querySelectorAll('.ant-table-row').length;
      const observer = new MutationObserver(() => {
        if (rowsIn() === 0) return;
        observer.disconnect();
        requestAnimationFrame(() => {
          window.__firstRows = { at: performance.now(), rows: rowsIn() };
        });
      });
      document.addEventListener('DOMContentLoaded', () =>
        observer.observe(document.body, { childList: true, subtree: true }),
      );
    });
    const page = await context.newPage();
    const loaded = await traced(browser, page, 'targets-screen', async () => {
      await page.goto(new URL(path, baseUrl).href);
      await page.waitForFunction(() => window.__firstRows, undefined, { timeout: capMs, polling: 500 });
      await page.waitForTimeout(afterMs);
    });
    const seen = await page.evaluate(() => ({
      firstRowsMs: window.__firstRows.at,
      rowsShown: window.__firstRows.rows,
      longestWallTaskMs: Math.max(0, ...window.__longTasks.map((task) => task.duration)),
    }));
    const interaction = await traced(browser, page, 'targets-sort-scroll', async () => {
      await page.getByRole('combobox', { name: 'Sort by' }).click();
      await page.locator('.ant-select-item-option').filter({ hasText: 'Warmth' }).click();
      await page.waitForTimeout(1000);
      const body = page.locator('.ant-table-body, .ant-table-tbody-virtual-holder').first();
      await body.hover();
      for (let i = 0; i < scrolls; i++) {
        await page.mouse.wheel(0, 600);
        await page.waitForTimeout(100);
      }
      await page.waitForTimeout(1000);
    });
    return { ...seen, cpu: loaded.cpu, interaction: interaction.cpu };
  } finally {
    await browser.close();
  }
}
