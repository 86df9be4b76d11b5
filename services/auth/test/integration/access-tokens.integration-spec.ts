import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { tokensContracts, TOKEN_SECRET, type User } from '@warmpath/contracts';
import { ServiceError } from '@warmpath/server-kit';
import { createHash } from 'node:crypto';
import pg from 'pg';
import { startAuthForTest, type AuthTestApp } from './auth-test-app.js';

let auth: AuthTestApp;
let bus: AuthTestApp['bus'];
let db: pg.Client;

beforeAll(async () => {
  auth = await startAuthForTest('auth-tokens-it');
  bus = auth.bus;
  db = new pg.Client({ connectionString: auth.databaseUrl });
  await db.connect();
});

afterAll(async () => {
  await db?.end();
  await auth?.close();
});

const register = (username: string): Promise<User> => auth.register(username);
const hash = (secret: string) => createHash('sha256').update(secret).digest('hex');
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: ServiceError) => ({ code: error.code, message: error.message }),
  );

describe('personal access tokens', () => {
  it('creates a token whose secret is shown once and stored only as its SHA-256', async () => {
    const ana = await register('ana');
    const created = await bus.request(tokensContracts.createToken, {
      userId: ana.id,
      token: { name: 'CI', scopes: ['network:read', 'imports:write'], expiresInDays: 30 },
    });
    expect(created.secret).toMatch(TOKEN_SECRET);
    expect(created.scopes).toEqual(['imports:write', 'network:read']);
    expect(Date.parse(created.expiresAt!) - Date.parse(created.createdAt)).toBeCloseTo(30 * 86_400_000, -4);
    const { rows } = await db.query('SELECT * FROM auth.access_tokens WHERE id = $1', [created.id]);
    expect(rows[0].secret_hash).toBe(hash(created.secret));
    expect(JSON.stringify(rows[0])).not.toContain(created.secret.slice(7));
    const { tokens } = await bus.request(tokensContracts.listTokens, { userId: ana.id });
    const { secret: _secret, ...listed } = created;
    expect(tokens).toEqual([listed]);
  });

  it('verifies a live token and records its use at most once a minute', async () => {
    const bea = await register('bea');
    const created = await bus.request(tokensContracts.createToken, {
      userId: bea.id,
      token: { name: 'script', scopes: ['imports:write'], expiresInDays: null },
    });
    const verified = await bus.request(tokensContracts.verifyToken, { secretHash: hash(created.secret) });
    expect(verified).toEqual({ tokenId: created.id, userId: bea.id, scopes: ['imports:write'] });
    const lastUsed = async () =>
      (await db.query('SELECT last_used_at FROM auth.access_tokens WHERE id = $1', [created.id])).rows[0]
        .last_used_at as Date;
    const first = await lastUsed();
    expect(first).not.toBeNull();
    await bus.request(tokensContracts.verifyToken, { secretHash: hash(created.secret) });
    expect(await lastUsed()).toEqual(first);
    await db.query(
      `UPDATE auth.access_tokens SET last_used_at = now() - interval '2 minutes' WHERE id = $1`,
      [created.id],
    );
    await bus.request(tokensContracts.verifyToken, { secretHash: hash(created.secret) });
    expect((await lastUsed()).getTime()).toBeGreaterThan(first.getTime() - 1);
    const { tokens } = await bus.request(tokensContracts.listTokens, { userId: bea.id });
    expect(tokens[0]?.lastUsedAt ?? null).not.toBeNull();
  });

  it('refuses an unknown, an expired and a revoked token, each saying so', async () => {
    const cai = await register('cai');
    const token = (name: string) =>
      bus.request(tokensContracts.createToken, {
        userId: cai.id,
        token: { name, scopes: ['network:read'], expiresInDays: 7 },
      });
    expect(
      await failure(bus.request(tokensContracts.verifyToken, { secretHash: hash('wp_pat_unknown') })),
    ).toEqual({
      code: 'UNAUTHENTICATED',
      message: 'Invalid access token.',
    });
    const expired = await token('old');
    await db.query(`UPDATE auth.access_tokens SET expires_at = '2026-01-02T03:04:05Z' WHERE id = $1`, [
      expired.id,
    ]);
    expect(
      await failure(bus.request(tokensContracts.verifyToken, { secretHash: hash(expired.secret) })),
    ).toEqual({
      code: 'UNAUTHENTICATED',
      message: 'This access token expired on 2026-01-02T03:04:05.000Z.',
    });
    const revoked = await token('gone');
    expect(await bus.request(tokensContracts.revokeToken, { userId: cai.id, tokenId: revoked.id })).toEqual({
      revoked: true,
    });
    expect(
      await failure(bus.request(tokensContracts.verifyToken, { secretHash: hash(revoked.secret) })),
    ).toEqual({
      code: 'UNAUTHENTICATED',
      message: 'This access token was revoked.',
    });
    const { tokens } = await bus.request(tokensContracts.listTokens, { userId: cai.id });
    expect(tokens.map((t) => t.name)).toEqual(['old']);
  });

  it("answers 404 for revoking someone else's token, an unknown one, or one already revoked", async () => {
    const dan = await register('dan');
    const eve = await register('eve');
    const dans = await bus.request(tokensContracts.createToken, {
      userId: dan.id,
      token: { name: 'x', scopes: ['network:read'], expiresInDays: null },
    });
    const notFound = { code: 'NOT_FOUND', message: 'Token not found' };
    expect(
      await failure(bus.request(tokensContracts.revokeToken, { userId: eve.id, tokenId: dans.id })),
    ).toEqual(notFound);
    expect(
      await failure(bus.request(tokensContracts.revokeToken, { userId: dan.id, tokenId: 999_999 })),
    ).toEqual(notFound);
    await bus.request(tokensContracts.revokeToken, { userId: dan.id, tokenId: dans.id });
    expect(
      await failure(bus.request(tokensContracts.revokeToken, { userId: dan.id, tokenId: dans.id })),
    ).toEqual(notFound);
  });

  it('refuses a 51st live token', async () => {
    const fay = await register('fay');
    const create = () =>
      bus.request(tokensContracts.createToken, {
        userId: fay.id,
        token: { name: 'n', scopes: ['network:read'], expiresInDays: 1 },
      });
    for (let i = 0; i < 50; i++) await create();
    expect(await failure(create())).toEqual({
      code: 'CONFLICT',
      message: 'You have 50 access tokens. Revoke one to create another.',
    });
  });
});
