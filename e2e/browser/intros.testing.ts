import { expect as baseExpect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { newUser } from '../support/users.js';
import type { Member } from '../api/workspace-network.testing.js';

/** A first page load on a busy 2-core machine can take over 10 s. */
const expect = baseExpect.configure({ timeout: 30_000 });

/** A member signed in in a browser context of their own: the page and the API share its cookies. */
export interface BrowserMember extends Member {
  page: Page;
  context: BrowserContext;
}

/**
 * Registers `firstName lastName` in a new browser context (and so signs them in). `clipboard`
 * grants the context the clipboard, so the test can read what a Copy button wrote.
 */
export async function browserMember(
  browser: Browser,
  firstName: string,
  lastName: string,
  { clipboard = false }: { clipboard?: boolean } = {},
): Promise<BrowserMember> {
  const context = await browser.newContext(
    clipboard ? { permissions: ['clipboard-read', 'clipboard-write'] } : {},
  );
  const page = await context.newPage();
  const user = newUser({ firstName, lastName });
  const response = await page.request.post('/api/register', {
    data: { ...user, confirmPassword: user.password },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: number };
  return {
    page,
    context,
    request: page.request,
    userId: id,
    email: user.email,
    name: `${firstName} ${lastName}`,
  };
}

/**
 * Opens a person of the workspace network through its search box, as a user finds them. The
 * dashboard search matches inside the first name, last name, company or position, each on its
 * own (docs/product.md#search): "Ben" finds Ben Target, "Ben Target" finds nobody.
 */
export async function openPersonBySearch(page: Page, query: string, fullName: string): Promise<void> {
  const search = page.getByLabel('Search the workspace network');
  const option = page.locator('.ant-select-item-option:visible').filter({ hasText: fullName });
  await search.fill(query);
  await option.click();
  await expect(
    page.getByRole('complementary', { name: 'Connection Details' }).getByText(fullName, { exact: true }),
  ).toBeVisible();
}

/** The request page's state tag. */
export const stateTag = (page: Page) => page.getByLabel('Request state');
