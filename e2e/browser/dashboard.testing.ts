import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { ImportStatus, NetworkData } from '@warmpath/contracts';
import { buildLinkedInCsv, generateExportRows, type ExportRow } from '@warmpath/testing';
import { newUser, type TestUser } from '../support/users.js';

/** People the dashboard tests look for by name, on top of generated ones. */
export const ZELDA: ExportRow = {
  firstName: 'Zelda',
  lastName: 'Quartermaine',
  url: 'https://www.linkedin.com/in/zelda-quartermaine',
  email: 'zelda@northwind.example',
  company: 'Northwind Traders',
  position: 'VP of Sales',
  connectedOn: '12 Mar 2017',
};
/** A hostile row: every cell that a spreadsheet would run as a formula. */
export const FORMULA_ROW: ExportRow = {
  firstName: '=HYPERLINK("http://evil.example","click")',
  lastName: '+Plus',
  url: 'https://www.linkedin.com/in/formula-person',
  email: '',
  company: '@Formula Corp',
  position: '-Minus Manager',
  connectedOn: '1 Jan 2020',
};

/** A realistic export: `count` generated people plus the named ones. */
export function exportCsv(
  count: number,
  extra: readonly ExportRow[] = [ZELDA, FORMULA_ROW],
  seed = 7,
): string {
  return buildLinkedInCsv([...generateExportRows(count, { seed }), ...extra]);
}

/** Registers through the API; the page shares the session cookie. */
export async function registerThroughApi(page: Page, overrides: Partial<TestUser> = {}): Promise<TestUser> {
  const user = newUser(overrides);
  const response = await page.request.post('/api/register', {
    data: { ...user, confirmPassword: user.password },
  });
  expect(response.status()).toBe(201);
  return user;
}

/** Imports a CSV through the API (as the dialog does) and waits for the import to complete. */
export async function importThroughApi(request: APIRequestContext, csv: string): Promise<void> {
  const response = await request.post('/api/network/import/authenticated', {
    headers: { prefer: 'respond-async' },
    multipart: { file: { name: 'Connections.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
    timeout: 120_000,
  });
  expect([200, 202]).toContain(response.status());
  if (response.status() === 200) return;
  const { id } = (await response.json()) as ImportStatus;
  await expect
    .poll(async () => ((await (await request.get(`/api/imports/${id}`)).json()) as ImportStatus).state, {
      timeout: 120_000,
      intervals: [250, 500, 1000],
    })
    .toBe('completed');
}

export async function networkOf(request: APIRequestContext): Promise<NetworkData> {
  const response = await request.get('/api/network');
  expect(response.status()).toBe(200);
  return (await response.json()) as NetworkData;
}

/**
 * How long a test waits for a network screen's first picture after navigating. Quiet, it comes in
 * about 2 s; on a 2-core CI machine running the API specs beside this one, a fresh browser context
 * loads the app's modules and the data worker cold and has taken more than 10 s. How fast the
 * first picture comes is measured by `npm run bench:workspace`, not asserted here.
 */
export const FIRST_PICTURE = { timeout: 30_000 } as const;

/** The Showing line for a network as the dashboard counts it (your own node is not a connection). */
export function showingLine(people: number, relationships: number): string {
  return `Showing: ${people.toLocaleString('en-US')} connections • ${relationships.toLocaleString('en-US')} relationships`;
}
