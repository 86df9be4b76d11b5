import { expect, test } from '@playwright/test';
import { Events } from 'oauth2-mock-server';
import { registerUser } from '../support/users.js';
import {
  authorize,
  restartGateway,
  setCookie,
  startGithubProvider,
  startOidcProvider,
  uniqueId,
} from './oauth.testing.js';
import { present } from '../support/present.js';

// Runs alone, no other spec beside it (docs/developer-guide.md#the-loop): it restarts the shared
// gateway with provider settings.
test.describe.configure({ lock: '-exclusive-' });

const INVALID_STATE = 'Your sign-in link is invalid or has expired. Please try again.';

// The stack starts with no provider configured; the second part restarts the gateway with local providers.
test.describe.configure({ mode: 'serial' });

test.describe('providers that are not configured', () => {
  test('are listed as not configured', async ({ request }) => {
    const response = await request.get('/api/oauth/providers');
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual([
      { provider: 'linkedin', configured: false },
      { provider: 'google', configured: false },
      { provider: 'github', configured: false },
    ]);
  });

  test('send the browser back to the sign-in page with a clear error, and refuse the callback', async ({
    request,
  }) => {
    const start = await request.get('/api/oauth/google', { maxRedirects: 0 });
    expect(start.status()).toBe(302);
    expect(start.headers().location).toBe(
      `/oauth/google?error=${encodeURIComponent('Google sign-in is not configured')}`,
    );
    const callback = await request.get('/api/oauth/github/callback?code=abc&state=def');
    expect(callback.status()).toBe(404);
    expect(await callback.json()).toMatchObject({
      code: 'NOT_FOUND',
      message: 'GitHub sign-in is not configured',
    });
  });

  test('LinkedIn ends on /auth-success with the error', async ({ request }) => {
    const start = await request.get('/auth/linkedin', { maxRedirects: 0 });
    expect(start.status()).toBe(302);
    expect(start.headers().location).toBe(
      `/auth-success?error=${encodeURIComponent('LinkedIn sign-in is not configured')}`,
    );
  });

  test('an unknown provider is a 404', async ({ request }) => {
    for (const path of [
      '/api/oauth/facebook',
      '/api/oauth/facebook/callback?code=x',
      '/api/oauth/linkedin',
    ]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status()).toBe(404);
      expect((await response.json()).message).toBe('Unknown sign-in provider');
    }
  });
});

test.describe('with local providers', () => {
  let oidc: Awaited<ReturnType<typeof startOidcProvider>>;
  let github: Awaited<ReturnType<typeof startGithubProvider>>;
  const base = () => process.env.WARMPATH_URL ?? '';

  test.beforeAll(async () => {
    oidc = await startOidcProvider();
    github = await startGithubProvider({ id: 'github-client', secret: 'github-secret' });
    await restartGateway({
      PUBLIC_URL: base(),
      GOOGLE_CLIENT_ID: 'google-client',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      GOOGLE_ISSUER: oidc.url,
      LINKEDIN_CLIENT_ID: 'linkedin-client',
      LINKEDIN_CLIENT_SECRET: 'linkedin-secret',
      LINKEDIN_ISSUER: oidc.url,
      GITHUB_CLIENT_ID: 'github-client',
      GITHUB_CLIENT_SECRET: 'github-secret',
      GITHUB_AUTHORIZE_URL: `${github.url}/login/oauth/authorize`,
      GITHUB_TOKEN_URL: `${github.url}/login/oauth/access_token`,
      GITHUB_API_URL: `${github.url}/api`,
    });
  });

  test.afterAll(async () => {
    await restartGateway(); // back to the stack's own environment for the suites that follow
    await oidc?.server.stop();
    await github?.close();
  });

  test('are listed as configured', async ({ request }) => {
    const providers = await (await request.get('/api/oauth/providers')).json();
    expect(providers.every((p: { configured: boolean }) => p.configured)).toBe(true);
  });

  test('Google: the code exchange signs a new user in, and the same identity comes back to the same account', async ({
    request,
    playwright,
  }) => {
    const id = uniqueId();
    oidc.use({
      sub: `g-${id}`,
      email: `ana.${id}@example.org`,
      email_verified: true,
      given_name: 'Ana',
      family_name: 'Silva',
    });
    const back = await authorize(request, '/api/oauth/google');
    expect(`${back.origin}${back.pathname}`).toBe(`${base()}/oauth/google`);
    const callback = await request.get(`/api/oauth/google/callback${back.search}`);
    expect(callback.status()).toBe(200);
    const user = await callback.json();
    expect(user).toMatchObject({
      username: `ana.${id}`,
      firstName: 'Ana',
      lastName: 'Silva',
      email: `ana.${id}@example.org`,
      providers: ['google'],
    });
    expect(setCookie(callback, 'warmpath_session')).toMatch(/HttpOnly.*SameSite=Lax|SameSite=Lax.*HttpOnly/i);
    expect((await (await request.get('/api/user')).json()).id).toBe(user.id);

    const otherBrowser = await playwright.request.newContext({ baseURL: base() });
    const again = await authorize(otherBrowser, '/api/oauth/google');
    const second = await otherBrowser.get(`/api/oauth/google/callback${again.search}`);
    expect((await second.json()).id).toBe(user.id);
    await otherBrowser.dispose();
  });

  test('Google while signed in links the identity to the current account with a new session', async ({
    request,
  }) => {
    const { body: account } = await registerUser(request);
    oidc.use({ sub: `g-link-${uniqueId()}`, email: 'someone.else@example.org', email_verified: true });
    const back = await authorize(request, '/api/oauth/google');
    const callback = await request.get(`/api/oauth/google/callback${back.search}`);
    expect(callback.status()).toBe(200);
    expect(await callback.json()).toMatchObject({
      id: account.id,
      username: account.username,
      providers: ['google'],
    });
    expect(setCookie(callback, 'warmpath_session')).toBeDefined();
  });

  test('a tampered state is refused, and a state cannot be used twice', async ({ request }) => {
    oidc.use({ sub: `g-${uniqueId()}` });
    const back = await authorize(request, '/api/oauth/google');
    const state = back.searchParams.get('state') ?? '';
    const tampered = new URLSearchParams(back.search);
    tampered.set('state', `${state.slice(0, -1)}${state.endsWith('A') ? 'B' : 'A'}`);
    const refused = await request.get(`/api/oauth/google/callback?${tampered}`);
    expect(refused.status()).toBe(400);
    expect((await refused.json()).message).toBe(INVALID_STATE);
    expect((await request.get('/api/user')).status()).toBe(401);

    expect((await request.get(`/api/oauth/google/callback${back.search}`)).status()).toBe(200);
    const replayed = await request.get(`/api/oauth/google/callback${back.search}`);
    expect(replayed.status()).toBe(400);
    expect((await replayed.json()).message).toBe(INVALID_STATE);
  });

  test('a state returned to another browser is refused', async ({ request, playwright }) => {
    oidc.use({ sub: `g-${uniqueId()}` });
    const back = await authorize(request, '/api/oauth/google');
    const attacker = await playwright.request.newContext({ baseURL: base() });
    const refused = await attacker.get(`/api/oauth/google/callback${back.search}`);
    expect(refused.status()).toBe(400);
    expect((await refused.json()).message).toBe(INVALID_STATE);
    await attacker.dispose();
  });

  test('an error parameter from the provider is a 400 saying so', async ({ request }) => {
    const start = await request.get('/api/oauth/google', { maxRedirects: 0 });
    const state = new URL(present(start.headers().location, 'a redirect')).searchParams.get('state');
    const response = await request.get(`/api/oauth/google/callback?error=access_denied&state=${state}`);
    expect(response.status()).toBe(400);
    expect((await response.json()).message).toBe('Google sign-in was cancelled');
  });

  test('a failed token exchange is a 502', async ({ request }) => {
    oidc.use({ sub: `g-${uniqueId()}` });
    const back = await authorize(request, '/api/oauth/google');
    oidc.server.service.once(Events.BeforeResponse, (response) => {
      response.statusCode = 400;
      response.body = { error: 'invalid_grant' };
    });
    const response = await request.get(`/api/oauth/google/callback${back.search}`);
    expect(response.status()).toBe(502);
    expect(await response.json()).toMatchObject({
      code: 'UPSTREAM_FAILED',
      message: 'Google did not accept the sign-in code',
    });
    expect((await request.get('/api/user')).status()).toBe(401);
  });

  test('an id_token issued to another client is refused', async ({ request }) => {
    oidc.use({ sub: `g-${uniqueId()}`, aud: 'someone-elses-client' });
    const back = await authorize(request, '/api/oauth/google');
    const response = await request.get(`/api/oauth/google/callback${back.search}`);
    expect(response.status()).toBe(502);
    expect((await response.json()).message).toBe(
      'Google returned an identity token that could not be verified',
    );
  });

  test('LinkedIn: /auth/linkedin round trip ends on /auth-success?source=linkedin, signed in', async ({
    request,
  }) => {
    const id = uniqueId();
    oidc.use({ sub: `li-${id}`, name: 'Lin Kedin', email: `lin.${id}@example.org`, email_verified: true });
    const back = await authorize(request, '/auth/linkedin');
    expect(`${back.origin}${back.pathname}`).toBe(`${base()}/auth/linkedin/callback`);
    const callback = await request.get(`/auth/linkedin/callback${back.search}`, { maxRedirects: 0 });
    expect(callback.status()).toBe(302);
    expect(callback.headers().location).toBe('/auth-success?source=linkedin');
    const user = await (await request.get('/api/user')).json();
    expect(user).toMatchObject({
      linkedinId: `li-${id}`,
      firstName: 'Lin',
      lastName: 'Kedin',
      username: `lin.${id}`,
    });
  });

  test('LinkedIn: a refusal or a tampered state ends on /auth-success with a short error', async ({
    request,
  }) => {
    const start = await request.get('/auth/linkedin', { maxRedirects: 0 });
    const state = new URL(present(start.headers().location, 'a redirect')).searchParams.get('state');
    const cancelled = await request.get(`/auth/linkedin/callback?error=user_cancelled_login&state=${state}`, {
      maxRedirects: 0,
    });
    expect(cancelled.headers().location).toBe(
      `/auth-success?error=${encodeURIComponent('LinkedIn sign-in was cancelled')}`,
    );
    const tampered = await request.get('/auth/linkedin/callback?code=abc&state=forged', { maxRedirects: 0 });
    expect(tampered.status()).toBe(302);
    expect(tampered.headers().location).toBe(`/auth-success?error=${encodeURIComponent(INVALID_STATE)}`);
    expect((await request.get('/api/user')).status()).toBe(401);
  });

  test('GitHub: plain OAuth 2 signs in with the login as username and the verified primary e-mail', async ({
    request,
  }) => {
    const id = uniqueId();
    github.use({
      id: Number.parseInt(id, 16),
      login: `octo-${id}`,
      name: 'Mona Lisa Octocat',
      emails: [
        { email: `unverified.${id}@example.org`, primary: false, verified: false },
        { email: `mona.${id}@example.org`, primary: true, verified: true },
      ],
    });
    const back = await authorize(request, '/api/oauth/github');
    expect(`${back.origin}${back.pathname}`).toBe(`${base()}/oauth/github`);
    const callback = await request.get(`/api/oauth/github/callback${back.search}`);
    expect(callback.status()).toBe(200);
    expect(await callback.json()).toMatchObject({
      username: `octo-${id}`,
      firstName: 'Mona',
      lastName: 'Lisa Octocat',
      email: `mona.${id}@example.org`,
      providers: ['github'],
    });
  });

  test('GitHub: a code it refuses is a 502', async ({ request }) => {
    const back = await authorize(request, '/api/oauth/github');
    back.searchParams.set('code', 'not-the-code');
    const response = await request.get(`/api/oauth/github/callback${back.search}`);
    expect(response.status()).toBe(502);
    expect((await response.json()).message).toBe('GitHub did not accept the sign-in code');
  });
});
