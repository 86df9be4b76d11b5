import { expect, test } from '@playwright/test';
import { newUser } from '../support/users.js';

test('a new user registers, stays signed in across a reload, logs out and signs in again', async ({
  page,
}) => {
  const user = newUser({ firstName: 'Bea', lastName: 'Okafor' });
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth/);

  await page.getByRole('tab', { name: 'Register' }).click();
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('First name').fill(user.firstName);
  await form.getByLabel('Last name').fill(user.lastName);
  await form.getByLabel('Email').fill(user.email);
  await form.getByLabel('Username').fill(user.username);
  await form.getByLabel('Password', { exact: true }).fill(user.password);
  await form.getByLabel('Confirm password').fill('not the same');
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(form.getByText("Passwords don't match")).toBeVisible();
  await form.getByLabel('Confirm password').fill(user.password);
  await form.getByRole('button', { name: 'Create Account' }).click();

  await expect(page.getByText('Registration successful')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'User menu' })).toContainText('Bea Okafor');

  await page.reload();
  await expect(page.getByRole('button', { name: 'User menu' })).toContainText('Bea Okafor');

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByText('Logged out', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);

  const signIn = page.getByRole('form', { name: 'Sign in' });
  await signIn.getByLabel('Username').fill(user.username);
  await signIn.getByLabel('Password').fill('wrong-password');
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Login failed')).toBeVisible();
  await signIn.getByLabel('Password').fill(user.password);
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Login successful')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('sign-in form shows the documented validation messages', async ({ page }) => {
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Username').fill('ab');
  await form.getByLabel('Password').fill('123');
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(form.getByText('Username must be at least 3 characters')).toBeVisible();
  await expect(form.getByText('Password must be at least 6 characters')).toBeVisible();
});

test('a signed-out visitor is sent to /auth and comes back where they were going', async ({ page }) => {
  const user = newUser();
  await page.request.post('/api/register', { data: { ...user, confirmPassword: user.password } });
  await page.request.post('/api/logout');
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/auth\?returnUrl=%2Fprofile/);
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Username').fill(user.username);
  await form.getByLabel('Password').fill(user.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('form', { name: 'Profile' }).getByLabel('First name')).toHaveValue(
    user.firstName,
  );
});

test('the admin sees the Admin link and every user; a non-admin visiting /admin lands on /', async ({
  page,
  browser,
}) => {
  const member = newUser({ firstName: 'Carla', lastName: 'Ruiz' });
  const memberPage = await browser.newPage();
  await memberPage.request.post('/api/register', { data: { ...member, confirmPassword: member.password } });
  await memberPage.goto('/admin');
  await expect(memberPage).toHaveURL(/\/$/);
  await expect(memberPage.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await memberPage.close();

  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Username').fill('admin');
  await form.getByLabel('Password').fill(process.env.WARMPATH_ADMIN_PASSWORD!);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('link', { name: 'Admin', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(member.username) });
  await expect(row).toContainText('Carla Ruiz');
  await expect(row).toContainText('Not Connected');
});

test('an unknown route shows the not-found page', async ({ page }) => {
  await page.goto('/definitely/not/here');
  await expect(page.getByText('404 Page Not Found')).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
});

test('dark mode is the default and the toggle persists', async ({ page }) => {
  await page.goto('/auth');
  // The app starts in stages after the page's load event: it stores the default once it renders.
  const stored = () => page.evaluate(() => localStorage.getItem('darkMode'));
  await expect.poll(stored).toBe('true');
  await page.getByRole('switch', { name: 'Dark mode' }).click();
  await expect.poll(stored).toBe('false');
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Dark mode' })).not.toBeChecked();
});
