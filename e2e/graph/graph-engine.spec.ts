import { expect, test, type Page } from '@playwright/test';
import { present } from '../support/present.js';

/** The graph-lab page's test hooks (web/src/graph-lab/lab-hooks.ts), as far as this spec uses them. */
interface LabHooks {
  settledAt: number | null;
  hovered: { id: string } | null;
  clicks: string[];
  captions: (string | null)[];
  nodeIds(): string[];
  nodeScreenPosition(id: string): { x: number; y: number } | null;
  personName(id: string): string | null;
  startGuidedTour(): void;
  stopTour(): void;
  fitNow(): void;
}

declare global {
  interface Window {
    __graphLab?: LabHooks;
  }
}

/** A person (not YOU) whose nearest neighbour on screen is far enough that pointing at them is unambiguous. */
async function isolatedPerson(page: Page): Promise<{ id: string; x: number; y: number }> {
  const people = await page.evaluate(() => {
    const lab = window.__graphLab;
    return lab
      ? lab.nodeIds().map((id) => ({ id, ...(lab.nodeScreenPosition(id) ?? { x: -1, y: -1 }) }))
      : [];
  });
  const onScreen = people.filter((p) => p.id !== 'u1' && p.x > 40 && p.x < 760 && p.y > 40 && p.y < 520);
  const gap = (p: { x: number; y: number }) =>
    Math.min(...people.filter((q) => q !== p).map((q) => Math.hypot(q.x - p.x, q.y - p.y)));
  return present([...onScreen].sort((a, b) => gap(b) - gap(a))[0], 'a person on screen');
}

test.describe('graph engine on a small generated network', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/graph-lab.html?n=60&seed=1&autofit=0');
    await expect
      .poll(() => page.evaluate(() => window.__graphLab?.settledAt ?? null), { timeout: 30_000 })
      .not.toBeNull();
    await page.evaluate(() => window.__graphLab?.fitNow());
  });

  test('draws the settled layout the same way every time', async ({ page }) => {
    await expect(page).toHaveScreenshot('network-60.png', { maxDiffPixelRatio: 0.01 });
  });

  test('shows who a node is when hovered', async ({ page }) => {
    const person = await isolatedPerson(page);
    const name = await page.evaluate((id) => window.__graphLab?.personName(id) ?? '', person.id);
    await page.mouse.move(person.x, person.y);
    await expect.poll(() => page.evaluate(() => window.__graphLab?.hovered?.id ?? null)).toBe(person.id);
    const tooltip = page.getByTestId('graph-tooltip');
    await expect(tooltip).toBeVisible();
    await expect(tooltip).toContainText(name);
    await page.mouse.move(2, 2);
    await expect(tooltip).toBeHidden();
  });

  test('reports the clicked person', async ({ page }) => {
    const person = await isolatedPerson(page);
    await page.mouse.click(person.x, person.y);
    await expect.poll(() => page.evaluate(() => window.__graphLab?.clicks ?? [])).toEqual([person.id]);
  });

  test('starts the guided tour at YOU with its caption', async ({ page }) => {
    await page.evaluate(() => window.__graphLab?.startGuidedTour());
    await expect(page.getByTestId('tour-caption')).toHaveText('You are at the center of your network');
    expect(await page.evaluate(() => window.__graphLab?.captions)).toEqual([
      'You are at the center of your network',
    ]);
    await page.evaluate(() => window.__graphLab?.stopTour());
    await expect(page.getByTestId('tour-caption')).toBeHidden();
  });
});
