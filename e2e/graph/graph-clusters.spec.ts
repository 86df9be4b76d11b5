import { expect, test, type Page } from '@playwright/test';
import { present } from '../support/present.js';

/** The graph-lab page's test hooks (web/src/graph-lab/lab-hooks.ts), as far as this spec uses them. */
interface LabHooks {
  settledAt: number | null;
  hovered: { id: string } | null;
  nodeIds(): string[];
  companyOf(id: string): string | null;
  nodeScreenPosition(id: string): { x: number; y: number } | null;
  labels(): { kind: string; text: string; x: number; y: number; fontPx: number }[];
  fitNow(): void;
  centerOn(id: string, zoom: number): void;
}

/** The page's window with the hooks (typed here: graph-engine.spec.ts declares its own view of them). */
type LabWindow = { __graphLab?: LabHooks };

type Person = { id: string; company: string | null; x: number; y: number };

async function people(page: Page): Promise<Person[]> {
  return page.evaluate(() => {
    const lab = (window as unknown as LabWindow).__graphLab;
    if (!lab) return [];
    return lab.nodeIds().map((id) => ({
      id,
      company: lab.companyOf(id),
      ...(lab.nodeScreenPosition(id) ?? { x: NaN, y: NaN }),
    }));
  });
}

function labels(page: Page) {
  return page.evaluate(() => (window as unknown as LabWindow).__graphLab?.labels() ?? []);
}

/** The `count` largest companies with their people. */
function largest(everyone: Person[], count: number): Person[][] {
  const byCompany = new Map<string, Person[]>();
  for (const person of everyone)
    if (person.company) byCompany.set(person.company, [...(byCompany.get(person.company) ?? []), person]);
  return [...byCompany.values()].sort((a, b) => b.length - a.length).slice(0, count);
}

function meanDistance(a: Person[], b: Person[]): number {
  let sum = 0;
  let pairs = 0;
  for (const p of a)
    for (const q of b)
      if (p !== q) {
        sum += Math.hypot(p.x - q.x, p.y - q.y);
        pairs++;
      }
  return sum / pairs;
}

test.describe('company clusters and labels by level of detail (1,200 people)', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/graph-lab.html?n=1200&seed=1&autofit=0');
    await expect
      .poll(() => page.evaluate(() => (window as unknown as LabWindow).__graphLab?.settledAt ?? null), {
        timeout: 45_000,
      })
      .not.toBeNull();
    await page.evaluate(() => (window as unknown as LabWindow).__graphLab?.fitNow());
  });

  test('people of one company stand together, apart from other companies', async ({ page }) => {
    const companies = largest(await people(page), 4);
    for (const own of companies)
      for (const other of companies)
        if (own !== other) expect(meanDistance(own, own) * 2).toBeLessThan(meanDistance(own, other));
  });

  test('far out, each large company is named once at its cluster and nobody else is', async ({ page }) => {
    const biggest = present(largest(await people(page), 1)[0], 'a large company');
    const name = biggest[0]?.company ?? '';
    await expect
      .poll(async () => (await labels(page)).map((label) => label.text))
      .toContain(`${name} (${biggest.length})`);
    const shown = await labels(page);
    expect(shown.filter((label) => label.kind === 'person')).toEqual([]);
    expect(shown.filter((label) => label.text.startsWith(`${name} (`))).toHaveLength(1);
    const label = shown.find((l) => l.text.startsWith(`${name} (`));
    const centre = {
      x: biggest.reduce((sum, p) => sum + p.x, 0) / biggest.length,
      y: biggest.reduce((sum, p) => sum + p.y, 0) / biggest.length,
    };
    expect(Math.hypot((label?.x ?? 0) - centre.x, (label?.y ?? 0) - centre.y)).toBeLessThan(30);
    await expect(page).toHaveScreenshot('clusters-1200.png', { maxDiffPixelRatio: 0.02 });
  });

  test('close up, people get their names; the hovered person is always named', async ({ page }) => {
    const biggest = present(largest(await people(page), 1)[0], 'a large company');
    const first = present(biggest[0], 'a person at the largest company');
    await page.evaluate((id) => (window as unknown as LabWindow).__graphLab?.centerOn(id, 3), first.id);
    await expect
      .poll(async () => (await labels(page)).filter((l) => l.kind === 'person').length)
      .toBeGreaterThan(5);
    const onScreen = (await people(page)).filter((p) => p.x > 100 && p.x < 700 && p.y > 100 && p.y < 450);
    const target = present(onScreen[0], 'a person on screen');
    await page.mouse.move(target.x, target.y);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as LabWindow).__graphLab?.hovered?.id ?? null))
      .not.toBeNull();
    const hoveredId = await page.evaluate(
      () => (window as unknown as LabWindow).__graphLab?.hovered?.id ?? '',
    );
    const hoveredName = await page.evaluate((id) => {
      const lab = (window as unknown as { __graphLab?: { personName(id: string): string | null } })
        .__graphLab;
      return lab?.personName(id) ?? null;
    }, hoveredId);
    await expect.poll(async () => (await labels(page)).map((l) => l.text)).toContain(hoveredName);
  });
});
