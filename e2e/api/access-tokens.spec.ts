import { expect, test, type APIRequestContext } from '@playwright/test';
import type { AccessTokenList, ImportAccepted } from '@warmpath/contracts';
import { buildExportRow, buildLinkedInCsv } from '@warmpath/testing';
import { query, signUp, waitForImport } from './import-helpers.js';
import { bearer, createToken } from './token-helpers.js';

// docs/api.md: personal access tokens, and every way a token request can be refused.
const TOKENS_NOT_ACCEPTED =
  'This route does not accept personal access tokens: tokens cannot manage tokens or the account. Sign in to do this.';
const MALFORMED =
  'Malformed Authorization header: send "Authorization: Bearer wp_pat_…" with a personal access token.';

type Playwright = { request: { newContext: (options: object) => Promise<APIRequestContext> } };

/** A context with no cookie that sends the token on every request: what a script holding only the token has. */
const script = (playwright: Playwright, baseURL: string | undefined, token?: { secret: string }) =>
  playwright.request.newContext({ baseURL, extraHTTPHeaders: token ? bearer(token) : {} });

test.describe('personal access tokens', () => {
  test('a token created with a session reads what its scopes allow, and its use is listed', async ({
    request,
    playwright,
    baseURL,
  }) => {
    await signUp(request);
    const token = await createToken(request, ['network:read', 'workspaces:read'], 'laptop script', 30);
    expect(token.secret).toMatch(/^wp_pat_[A-Za-z0-9_-]{43}$/);
    expect(token).toMatchObject({
      name: 'laptop script',
      scopes: ['network:read', 'workspaces:read'],
      lastUsedAt: null,
    });
    const anonymous = await script(playwright, baseURL);
    try {
      const network = await anonymous.get('/api/network', { headers: bearer(token) });
      expect(network.status()).toBe(200);
      expect((await network.json()).connections[0]).toMatchObject({ isUser: true });
      expect((await anonymous.get('/api/network/stats', { headers: bearer(token) })).status()).toBe(200);
      expect((await anonymous.get('/api/teams', { headers: bearer(token) })).status()).toBe(200);
    } finally {
      await anonymous.dispose();
    }
    const list = (await (await request.get('/api/tokens')).json()) as AccessTokenList;
    expect(list.tokens).toHaveLength(1);
    expect(list.tokens[0]).toMatchObject({ id: token.id, name: 'laptop script' });
    expect(list.tokens[0].lastUsedAt).not.toBeNull();
    expect(JSON.stringify(list)).not.toContain(token.secret);
  });

  test('a token imports into its owner network, asynchronously, and follows the import', async ({
    request,
    playwright,
    baseURL,
  }) => {
    const owner = await signUp(request);
    const token = await createToken(request, ['imports:write']);
    const anonymous = await script(playwright, baseURL, token);
    try {
      const csv = buildLinkedInCsv([buildExportRow({ firstName: 'Zoe', lastName: 'Token' })]);
      const response = await anonymous.post('/api/network/import/authenticated', {
        headers: { prefer: 'respond-async' },
        multipart: { file: { name: 'Connections.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
      });
      expect(response.status()).toBe(202);
      const accepted = (await response.json()) as ImportAccepted;
      expect(accepted.statusUrl).toBe(`/api/imports/${accepted.id}`);
      const done = await waitForImport(anonymous, accepted.id);
      expect(done).toMatchObject({ state: 'completed', imported: 1 });
      const rows = await query<{ n: number }>(
        'SELECT count(*)::int AS n FROM network.connections WHERE owner_user_id = $1',
        [owner],
      );
      expect(rows[0].n).toBe(1);
    } finally {
      await anonymous.dispose();
    }
  });

  test('a token without the scope a route needs is refused 403 naming the scope', async ({ request }) => {
    await signUp(request);
    const token = await createToken(request, ['imports:write']);
    const response = await request.get('/api/network', { headers: bearer(token) });
    expect(response.status()).toBe(403);
    expect(await response.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: "This personal access token lacks the scope 'network:read' that this route needs.",
    });
  });

  test('a token can never manage tokens or the account, even beside a session cookie', async ({
    request,
  }) => {
    await signUp(request);
    const token = await createToken(request, ['imports:write', 'network:read', 'workspaces:read']);
    const calls = [
      request.get('/api/tokens', { headers: bearer(token) }),
      request.post('/api/tokens', {
        headers: bearer(token),
        data: { name: 'x', scopes: ['network:read'], expiresInDays: 7 },
      }),
      request.delete(`/api/tokens/${token.id}`, { headers: bearer(token) }),
      request.get('/api/user', { headers: bearer(token) }),
      request.patch('/api/user', {
        headers: bearer(token),
        data: { firstName: 'X', lastName: 'Y', email: 'x@example.org', avatarUrl: '' },
      }),
      request.post('/api/user/password', {
        headers: bearer(token),
        data: { currentPassword: 'a', newPassword: 'bbbbbb', confirmPassword: 'bbbbbb' },
      }),
      request.post('/api/teams', { headers: bearer(token), data: { name: 'Not by token' } }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status()).toBe(403);
      expect((await response.json()).message).toBe(TOKENS_NOT_ACCEPTED);
    }
    // The token is still there and still works.
    expect((await request.get('/api/network', { headers: bearer(token) })).status()).toBe(200);
  });

  test('refuses a malformed header and an unknown token with 401', async ({ request }) => {
    for (const header of ['Bearer nope', 'Basic dXNlcjpwYXNz', `Bearer wp_pat_${'x'.repeat(42)}`, 'Bearer']) {
      const response = await request.get('/api/network', { headers: { authorization: header } });
      expect(response.status()).toBe(401);
      expect((await response.json()).message).toBe(MALFORMED);
    }
    const unknown = await request.get('/api/network', { headers: bearer(`wp_pat_${'A'.repeat(43)}`) });
    expect(unknown.status()).toBe(401);
    expect((await unknown.json()).message).toBe('Invalid access token.');
  });

  test('a revoked token stops at once; an expired one says when it expired', async ({ request }) => {
    await signUp(request);
    const token = await createToken(request, ['network:read']);
    expect((await request.get('/api/network', { headers: bearer(token) })).status()).toBe(200);
    const revoked = await request.delete(`/api/tokens/${token.id}`);
    expect(revoked.status()).toBe(200);
    expect(await revoked.json()).toEqual({ revoked: true });
    const after = await request.get('/api/network', { headers: bearer(token) });
    expect(after.status()).toBe(401);
    expect((await after.json()).message).toBe('This access token was revoked.');
    expect(((await (await request.get('/api/tokens')).json()) as AccessTokenList).tokens).toEqual([]);

    const old = await createToken(request, ['network:read'], 'old', 7);
    await query(`UPDATE auth.access_tokens SET expires_at = '2026-01-02T03:04:05Z' WHERE id = $1`, [old.id]);
    const expired = await request.get('/api/network', { headers: bearer(old) });
    expect(expired.status()).toBe(401);
    expect((await expired.json()).message).toBe('This access token expired on 2026-01-02T03:04:05.000Z.');
  });

  test('refuses an unknown scope, a missing name and a bad expiry with the fields named', async ({
    request,
  }) => {
    await signUp(request);
    const response = await request.post('/api/tokens', {
      data: { name: ' ', scopes: ['admin'], expiresInDays: 0 },
    });
    expect(response.status()).toBe(400);
    const body = await response.json();
    expect(body.fields).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Token name is required' },
        { field: 'scopes.0', message: 'Unknown scope' },
        { field: 'expiresInDays', message: 'Expiry must be between 1 and 365 days' },
      ]),
    );
    const none = await request.post('/api/tokens', { data: { name: 'n', scopes: [], expiresInDays: null } });
    expect((await none.json()).fields).toEqual([{ field: 'scopes', message: 'Choose at least one scope' }]);
  });

  test("signed out is 401; someone else's token, or no such id, is 404", async ({
    request,
    playwright,
    baseURL,
  }) => {
    expect((await request.get('/api/tokens')).status()).toBe(401);
    await signUp(request);
    const token = await createToken(request, ['network:read']);
    const other = await playwright.request.newContext({ baseURL });
    try {
      await signUp(other);
      for (const id of [String(token.id), '999999', 'abc', '-1']) {
        const response = await other.delete(`/api/tokens/${id}`);
        expect(response.status()).toBe(404);
        expect((await response.json()).message).toBe('Token not found');
      }
      expect((await request.get('/api/network', { headers: bearer(token) })).status()).toBe(200);
    } finally {
      await other.dispose();
    }
  });

  test("a token reaches only its owner's data: another user's import is 404", async ({
    request,
    playwright,
    baseURL,
  }) => {
    await signUp(request);
    const csv = buildLinkedInCsv([buildExportRow()]);
    const mine = await request.post('/api/network/import/authenticated', {
      headers: { prefer: 'respond-async' },
      multipart: { file: { name: 'Connections.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
    });
    const importId = ((await mine.json()) as ImportAccepted).id;
    const other = await playwright.request.newContext({ baseURL });
    try {
      await signUp(other);
      const token = await createToken(other, ['imports:write']);
      expect((await request.get(`/api/imports/${importId}`, { headers: bearer(token) })).status()).toBe(404);
    } finally {
      await other.dispose();
    }
  });
});
