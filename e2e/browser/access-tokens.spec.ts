import { expect, test } from '@playwright/test';
import { registerThroughApi } from './dashboard-helpers.js';

// docs/api.md: a personal access token created on the profile page works at once, shown only once.
test('creates a token on the profile page, copies its secret, uses it, and revokes it', async ({
  page,
  playwright,
  baseURL,
}) => {
  await registerThroughApi(page);
  await page.goto('/profile');
  const card = page.locator('.ant-card').filter({ hasText: 'Personal access tokens' });
  // The profile page is a lazy chunk: on a loaded machine its first load takes a while.
  await expect(card.getByText('No tokens yet')).toBeVisible({ timeout: 60_000 });
  await card.getByLabel('Token name').fill('Nightly import');
  await card.getByRole('checkbox', { name: /imports:write/ }).check();
  await card.getByRole('checkbox', { name: /network:read/ }).check();
  await card.getByRole('button', { name: 'Create token' }).click();

  await expect(card.getByText('Copy it now: it will not be shown again.')).toBeVisible();
  const secret = await card.getByLabel('New token', { exact: true }).inputValue();
  expect(secret).toMatch(/^wp_pat_[A-Za-z0-9_-]{43}$/);
  await expect(card.getByRole('button', { name: 'Copy new token' })).toBeVisible();
  const row = card.getByRole('listitem').filter({ hasText: 'Nightly import' });
  await expect(row.getByText('imports:write')).toBeVisible();
  await expect(row.getByText('network:read')).toBeVisible();
  await expect(row.getByText(/Last used never · Expires /)).toBeVisible();

  const script = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { authorization: `Bearer ${secret}` },
  });
  try {
    expect((await script.get('/api/network')).status()).toBe(200);
    await row.getByRole('button', { name: 'Revoke Nightly import' }).click();
    await page.locator('.ant-popover').getByRole('button', { name: 'Revoke' }).click();
    // The profile page is a lazy chunk: on a loaded machine its first load takes a while.
    await expect(card.getByText('No tokens yet')).toBeVisible({ timeout: 60_000 });
    expect((await script.get('/api/network')).status()).toBe(401);
  } finally {
    await script.dispose();
  }
});
