import { expect, test, type APIRequestContext } from '@playwright/test';
import { newUser, registerUser } from '../support/users.js';

const sessionCookie = async (context: APIRequestContext) =>
  (await context.storageState()).cookies.find((c) => c.name === 'warmpath_session')?.value;

test('a password change signs the user out everywhere else and gives this browser a new session', async ({
  playwright,
  baseURL,
}) => {
  const changer = await playwright.request.newContext({ baseURL });
  const laptop = await playwright.request.newContext({ baseURL });
  const phone = await playwright.request.newContext({ baseURL });
  const stranger = await playwright.request.newContext({ baseURL });
  try {
    const { user } = await registerUser(changer, newUser());
    await registerUser(stranger, newUser());
    for (const device of [laptop, phone])
      expect(
        (
          await device.post('/api/login', { data: { username: user.username, password: user.password } })
        ).status(),
      ).toBe(200);
    const before = await sessionCookie(changer);
    // A copy of the changer's cookie as it was before the change (as a thief would hold it).
    const copied = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { cookie: `warmpath_session=${before}` },
    });
    expect((await copied.get('/api/user')).status()).toBe(200);

    const changed = await changer.post('/api/user/password', {
      data: { currentPassword: user.password, newPassword: 'brand-new-1', confirmPassword: 'brand-new-1' },
    });
    expect(changed.status()).toBe(200);

    for (const device of [laptop, phone]) expect((await device.get('/api/user')).status()).toBe(401);
    const after = await sessionCookie(changer);
    expect(after).toMatch(/.+/);
    expect(after).not.toBe(before);
    expect((await changer.get('/api/user')).status()).toBe(200);
    // The old id is gone too: the copy taken before the change is worth nothing.
    expect((await copied.get('/api/user')).status()).toBe(401);
    await copied.dispose();
    // Other users keep their sessions.
    expect((await stranger.get('/api/user')).status()).toBe(200);
  } finally {
    for (const context of [changer, laptop, phone, stranger]) await context.dispose();
  }
});

test('a refused password change ends no session', async ({ playwright, baseURL }) => {
  const changer = await playwright.request.newContext({ baseURL });
  const laptop = await playwright.request.newContext({ baseURL });
  try {
    const { user } = await registerUser(changer, newUser());
    await laptop.post('/api/login', { data: { username: user.username, password: user.password } });
    const before = await sessionCookie(changer);
    const refused = await changer.post('/api/user/password', {
      data: { currentPassword: 'not-it-at-all', newPassword: 'brand-new-1', confirmPassword: 'brand-new-1' },
    });
    expect(refused.status()).toBe(400);
    expect((await laptop.get('/api/user')).status()).toBe(200);
    expect(await sessionCookie(changer)).toBe(before);
  } finally {
    await changer.dispose();
    await laptop.dispose();
  }
});
