import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sessionsContracts, type User } from '@warmpath/contracts';
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { startAuthForTest, type AuthTestApp } from './auth-test-app.js';

let auth: AuthTestApp;
let bus: AuthTestApp['bus'];
let db: pg.Client;

beforeAll(async () => {
  auth = await startAuthForTest('auth-sessions-it', { SESSION_PURGE_INTERVAL_MS: '500' });
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

const HOUR = 3_600_000;
const newSession = () => {
  const id = randomBytes(32).toString('base64url');
  return { id, idHash: hash(id) };
};
const record = (idHash: string, userId: number, createdAt: Date, lifetimeMs = 30 * 24 * HOUR) =>
  bus.request(sessionsContracts.recordSession, {
    idHash,
    userId,
    createdAt: createdAt.toISOString(),
    expiresAt: new Date(createdAt.getTime() + lifetimeMs).toISOString(),
  });
const resolve = async (idHash: string) =>
  (await bus.request(sessionsContracts.resolveSession, { idHash })).session;
const rowCount = async (userId: number) =>
  // count(*) answers exactly one row.
  (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM auth.sessions WHERE user_id = $1', [userId]))
    .rows[0]!.n;

describe('the durable copy of sessions', () => {
  it('stores only the SHA-256 of a session id, and resolves the session by it', async () => {
    const ana = await register('sara');
    const { id, idHash } = newSession();
    const createdAt = new Date(Date.now() - 1000);
    await record(idHash, ana.id, createdAt);

    const { rows } = await db.query('SELECT * FROM auth.sessions WHERE user_id = $1', [ana.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].id_hash).toBe(idHash);
    expect(JSON.stringify(rows)).not.toContain(id);
    expect(await resolve(idHash)).toEqual({
      userId: ana.id,
      createdAt: createdAt.toISOString(),
      expiresAt: new Date(createdAt.getTime() + 30 * 24 * HOUR).toISOString(),
      lastSeenAt: createdAt.toISOString(),
    });
    expect(await resolve(newSession().idHash)).toBeNull();
  });

  it('moves the last sighting forward, never back', async () => {
    const user = await register('sven');
    const { idHash } = newSession();
    const createdAt = new Date(Date.now() - 2 * HOUR);
    await record(idHash, user.id, createdAt);
    const later = new Date(createdAt.getTime() + HOUR);
    expect(await bus.request(sessionsContracts.sessionSeen, { idHash, at: later.toISOString() })).toEqual({
      seen: true,
    });
    expect(await bus.request(sessionsContracts.sessionSeen, { idHash, at: createdAt.toISOString() })).toEqual(
      { seen: false },
    );
    expect((await resolve(idHash))?.lastSeenAt).toBe(later.toISOString());
  });

  it('answers a session past its absolute expiry as absent, and the purge deletes it', async () => {
    const user = await register('selma');
    const expired = newSession();
    const live = newSession();
    await record(expired.idHash, user.id, new Date(Date.now() - 2 * HOUR), HOUR);
    await record(live.idHash, user.id, new Date());
    expect(await resolve(expired.idHash)).toBeNull();
    expect(await resolve(live.idHash)).not.toBeNull();
    // The purge runs every 500 ms here (hourly by default).
    for (let i = 0; i < 50 && (await rowCount(user.id)) > 1; i++)
      await new Promise((r) => setTimeout(r, 100));
    const { rows } = await db.query('SELECT id_hash FROM auth.sessions WHERE user_id = $1', [user.id]);
    expect(rows.map((row) => row.id_hash)).toEqual([live.idHash]);
  });

  it('revokes one session: it resolves as absent from then on', async () => {
    const user = await register('simon');
    const { idHash } = newSession();
    await record(idHash, user.id, new Date());
    expect(await bus.request(sessionsContracts.revokeSession, { idHash })).toEqual({ revoked: true });
    expect(await resolve(idHash)).toBeNull();
    expect(await bus.request(sessionsContracts.revokeSession, { idHash })).toEqual({ revoked: false });
  });

  it("revokes all of a user's sessions but one, and no one else's", async () => {
    const [user, other] = await Promise.all([register('sofia'), register('stan')]);
    const [kept, first, second, others] = [newSession(), newSession(), newSession(), newSession()];
    for (const session of [kept, first, second]) await record(session.idHash, user.id, new Date());
    await record(others.idHash, other.id, new Date());

    expect(
      await bus.request(sessionsContracts.revokeOtherSessions, { userId: user.id, keepHash: kept.idHash }),
    ).toEqual({ revoked: 2 });
    expect(await resolve(kept.idHash)).not.toBeNull();
    expect(await resolve(first.idHash)).toBeNull();
    expect(await resolve(second.idHash)).toBeNull();
    expect(await resolve(others.idHash)).not.toBeNull();
    expect(
      await bus.request(sessionsContracts.revokeOtherSessions, { userId: user.id, keepHash: null }),
    ).toEqual({ revoked: 1 });
    expect(await rowCount(user.id)).toBe(0);
  });

  it('refuses a session that would expire before it begins', async () => {
    const user = await register('stella');
    await expect(record(newSession().idHash, user.id, new Date(), -1)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    expect(await rowCount(user.id)).toBe(0);
  });

  it('ends the sessions of a deleted user with the user', async () => {
    const user = await register('sam');
    await record(newSession().idHash, user.id, new Date());
    await db.query('DELETE FROM auth.users WHERE id = $1', [user.id]);
    expect(await rowCount(user.id)).toBe(0);
  });
});
