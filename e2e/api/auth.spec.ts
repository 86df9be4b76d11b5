import { expect, test, type APIResponse } from '@playwright/test';
import { newUser, registerUser } from '../support/users.js';

const sessionCookie = (response: APIResponse) =>
  response
    .headersArray()
    .find((h) => h.name.toLowerCase() === 'set-cookie' && h.value.startsWith('warmpath_session='))?.value;

test.describe('registration', () => {
  test('creates the account, signs it in and answers the user', async ({ request }) => {
    const user = newUser();
    const response = await request.post('/api/register', {
      data: { ...user, confirmPassword: user.password },
    });
    expect(response.status()).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({
      username: user.username,
      firstName: 'Ana',
      lastName: 'Silva',
      email: user.email,
      isAdmin: false,
      linkedinId: null,
    });
    expect(body).not.toHaveProperty('passwordHash');
    const me = await request.get('/api/user');
    expect((await me.json()).id).toBe(body.id);
  });

  const invalid: [string, Record<string, string>, string, string][] = [
    ['a short username', { username: 'ab' }, 'username', 'Username must be at least 3 characters'],
    ['a missing first name', { firstName: '' }, 'firstName', 'First name is required'],
    ['a missing last name', { lastName: '' }, 'lastName', 'Last name is required'],
    ['a bad e-mail', { email: 'not-an-email' }, 'email', 'Invalid email address'],
    [
      'a short password',
      { password: '12345', confirmPassword: '12345' },
      'password',
      'Password must be at least 6 characters',
    ],
    [
      'a short confirmation',
      { confirmPassword: '123' },
      'confirmPassword',
      'Password must be at least 6 characters',
    ],
    ['passwords that differ', { confirmPassword: 'different1' }, 'confirmPassword', "Passwords don't match"],
  ];
  for (const [what, change, field, message] of invalid) {
    test(`refuses ${what} with the documented message`, async ({ request }) => {
      const user = newUser();
      const response = await request.post('/api/register', {
        data: { ...user, confirmPassword: user.password, ...change },
      });
      expect(response.status()).toBe(400);
      const body = await response.json();
      expect(body.fields).toContainEqual({ field, message });
    });
  }

  test('refuses a username already taken, whatever its case', async ({ request }) => {
    const { user } = await registerUser(request);
    const again = newUser({ username: user.username.toUpperCase() });
    const response = await request.post('/api/register', {
      data: { ...again, confirmPassword: again.password },
    });
    expect(response.status()).toBe(409);
    expect((await response.json()).message).toBe('Username already exists');
  });

  for (const name of ['admin', 'ADMIN', 'ａｄｍｉｎ', 'аdmin', 'adm\u200Bin', 'Admin ']) {
    test(`refuses the admin look-alike ${JSON.stringify(name)}`, async ({ request }) => {
      const user = newUser({ username: name });
      const response = await request.post('/api/register', {
        data: { ...user, confirmPassword: user.password },
      });
      expect(response.status()).toBe(400);
      expect((await response.json()).message).toMatch(/not available|may only contain/);
    });
  }
});

test.describe('sessions', () => {
  test('the cookie is httpOnly and SameSite=Lax, and sign-in issues a new session id', async ({
    request,
  }) => {
    const { user } = await registerUser(request);
    const first = await request.post('/api/login', {
      data: { username: user.username, password: user.password },
    });
    expect(first.status()).toBe(200);
    const cookie = sessionCookie(first)!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const second = await request.post('/api/login', {
      data: { username: user.username, password: user.password },
    });
    expect(sessionCookie(second)).not.toBe(cookie);
    // The session replaced at the second sign-in no longer works.
    const oldId = cookie.split(';')[0];
    const withOld = await request.get('/api/user', { headers: { cookie: oldId } });
    expect(withOld.status()).toBe(401);
  });

  test('logout ends the session on the server', async ({ request }) => {
    const { user } = await registerUser(request);
    const login = await request.post('/api/login', {
      data: { username: user.username, password: user.password },
    });
    const id = sessionCookie(login)!.split(';')[0];
    expect((await request.post('/api/logout')).status()).toBe(200);
    expect((await request.get('/api/user')).status()).toBe(401);
    expect((await request.get('/api/user', { headers: { cookie: id } })).status()).toBe(401);
  });

  test('anonymous requests get no session', async ({ playwright, baseURL }) => {
    const anonymous = await playwright.request.newContext({ baseURL });
    const response = await anonymous.get('/api/user');
    expect(response.status()).toBe(401);
    expect(sessionCookie(response)).toBeUndefined();
    await anonymous.dispose();
  });
});

test.describe('sign-in', () => {
  test('login validation messages are the documented ones', async ({ request }) => {
    const short = await request.post('/api/login', { data: { username: 'ab', password: '12345' } });
    expect(short.status()).toBe(400);
    expect((await short.json()).fields).toEqual([
      { field: 'username', message: 'Username must be at least 3 characters' },
      { field: 'password', message: 'Password must be at least 6 characters' },
    ]);
  });

  test('a wrong password and an unknown username get the same answer', async ({ request }) => {
    const { user } = await registerUser(request);
    const wrong = await request.post('/api/login', {
      data: { username: user.username, password: 'wrong-password' },
    });
    const unknown = await request.post('/api/login', {
      data: { username: `${user.username}_nope`, password: 'wrong-password' },
    });
    expect(wrong.status()).toBe(401);
    expect(unknown.status()).toBe(401);
    const [a, b] = [await wrong.json(), await unknown.json()];
    expect(a.message).toBe('Invalid username or password');
    expect(b.message).toBe(a.message);
  });

  test('repeated failed sign-ins are refused with 429, even with the right password', async ({ request }) => {
    const { user } = await registerUser(request);
    for (let i = 0; i < 5; i += 1) {
      const r = await request.post('/api/login', {
        data: { username: user.username, password: 'wrong-password' },
      });
      expect(r.status()).toBe(401);
    }
    const limited = await request.post('/api/login', {
      data: { username: user.username, password: user.password },
    });
    expect(limited.status()).toBe(429);
    expect((await limited.json()).message).toBe(
      'Too many sign-in attempts. Please wait a few minutes and try again.',
    );
  });
});

test.describe('admin list', () => {
  test('answers 401 signed out and 403 to a signed-in non-admin', async ({
    playwright,
    baseURL,
    request,
  }) => {
    const anonymous = await playwright.request.newContext({ baseURL });
    expect((await anonymous.get('/api/admin/users')).status()).toBe(401);
    await anonymous.dispose();
    await registerUser(request);
    const forbidden = await request.get('/api/admin/users');
    expect(forbidden.status()).toBe(403);
  });

  test('lists every user for the admin', async ({ playwright, baseURL }) => {
    const admin = await playwright.request.newContext({ baseURL });
    const other = await playwright.request.newContext({ baseURL });
    const { body: created } = await registerUser(other);
    const login = await admin.post('/api/login', {
      data: { username: 'admin', password: process.env.WARMPATH_ADMIN_PASSWORD },
    });
    expect(login.status()).toBe(200);
    expect((await login.json()).isAdmin).toBe(true);
    const list = await admin.get('/api/admin/users');
    expect(list.status()).toBe(200);
    const users = await list.json();
    expect(users.map((u: { username: string }) => u.username)).toEqual(
      expect.arrayContaining(['admin', created.username]),
    );
    await admin.dispose();
    await other.dispose();
  });
});

test.describe('profile', () => {
  test('updates names, e-mail and avatar, and changes the password with the current one', async ({
    request,
  }) => {
    const { user } = await registerUser(request);
    const updated = await request.patch('/api/user', {
      data: {
        firstName: 'Ana Maria',
        lastName: 'Silva',
        email: 'new@example.org',
        avatarUrl: 'https://example.org/a.png',
      },
    });
    expect(updated.status()).toBe(200);
    expect(await updated.json()).toMatchObject({
      firstName: 'Ana Maria',
      email: 'new@example.org',
      avatarUrl: 'https://example.org/a.png',
    });

    const wrong = await request.post('/api/user/password', {
      data: { currentPassword: 'not-it-at-all', newPassword: 'brand-new-1', confirmPassword: 'brand-new-1' },
    });
    expect(wrong.status()).toBe(400);
    expect((await wrong.json()).message).toBe('Current password is incorrect');
    const ok = await request.post('/api/user/password', {
      data: { currentPassword: user.password, newPassword: 'brand-new-1', confirmPassword: 'brand-new-1' },
    });
    expect(ok.status()).toBe(200);
    const login = await request.post('/api/login', {
      data: { username: user.username, password: 'brand-new-1' },
    });
    expect(login.status()).toBe(200);
  });
});
