import { expect, test } from '@playwright/test';
import { newUser } from '../support/users.js';
import { FIRST_PICTURE } from './dashboard.testing.js';

test('the dashboard graph runs under the content security policy: only the layout worker may compile code', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|unsafe-eval|graph renderer/i.test(message.text()))
      problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const user = newUser();
  await page.request.post('/api/register', { data: { ...user, confirmPassword: user.password } });
  const sample = await page.request.get('/sample_connections.csv');
  const imported = await page.request.post('/api/network/import/authenticated', {
    multipart: { file: { name: 'Connections.csv', mimeType: 'text/csv', buffer: await sample.body() } },
  });
  expect(imported.status()).toBe(200);

  const workerCsp: string[] = [];
  page.on('response', (response) => {
    if (/\/assets\/layout\.worker-/.test(response.url()))
      workerCsp.push(response.headers()['content-security-policy'] ?? '');
  });
  await page.goto('/');
  await expect(page.getByText(/^Showing: 150 connections/)).toBeVisible(FIRST_PICTURE);
  await expect.poll(() => workerCsp.length, { timeout: 20_000 }).toBeGreaterThan(0);
  expect(workerCsp[0]).toContain("'unsafe-eval'");
  // The page itself keeps the strict policy.
  const shell = await page.request.get('/');
  expect(shell.headers()['content-security-policy']).not.toContain('unsafe-eval');
  expect(problems).toEqual([]);
});
