import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { authContracts, type OAuthIdentity, type User } from '@warmpath/contracts';
import { ServiceError } from '@warmpath/server-kit';
import { isReservedUsername } from '../../src/modules/users/username.js';
import { startAuthForTest, type AuthTestApp } from './auth-test-app.js';

let auth: AuthTestApp;
let bus: AuthTestApp['bus'];

beforeAll(async () => {
  auth = await startAuthForTest('auth-identity-it', { ADMIN_PASSWORD: 'admin-password' });
  bus = auth.bus;
});

afterAll(async () => {
  await auth?.close();
});

let nextSubject = 0;
function identity(fields: Partial<OAuthIdentity> = {}): OAuthIdentity {
  return {
    provider: 'google',
    subject: `subject-${++nextSubject}`,
    email: null,
    emailVerified: false,
    firstName: null,
    lastName: null,
    preferredUsername: null,
    avatarUrl: null,
    ...fields,
  };
}

const signIn = (id: OAuthIdentity, linkToUserId: number | null = null) =>
  bus.request(authContracts.signInWithProvider, { identity: id, linkToUserId });

const register = (username: string, email = `${username}@example.com`): Promise<User> =>
  auth.register(username, { firstName: 'Local', lastName: 'User', email });

async function failureOf(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ServiceError)) throw new Error(`expected a ServiceError, got ${String(error)}`);
  return error;
}

describe('auth.identity.sign-in', () => {
  it('creates an account without a password from a new identity', async () => {
    const ana = identity({
      email: 'ana.silva@example.com',
      emailVerified: true,
      firstName: 'Ana',
      lastName: 'Silva',
      avatarUrl: 'https://example.com/ana.png',
    });
    const user = await signIn(ana);
    expect(user).toMatchObject({
      username: 'ana.silva',
      firstName: 'Ana',
      lastName: 'Silva',
      email: 'ana.silva@example.com',
      avatarUrl: 'https://example.com/ana.png',
      providers: ['google'],
      linkedinId: null,
      isAdmin: false,
    });
    // No password was set, so no password can sign in to it.
    const failure = await failureOf(
      bus.request(authContracts.verifyPassword, { username: 'ana.silva', password: '' + 'anything' }),
    );
    expect(failure.code).toBe('UNAUTHENTICATED');
  });

  it('signs the same identity in to the same account every time', async () => {
    const returning = identity({ preferredUsername: 'returning' });
    const first = await signIn(returning);
    const again = await signIn({
      ...returning,
      preferredUsername: 'renamed-at-provider',
      email: 'new@example.com',
    });
    expect(again.id).toBe(first.id);
    expect(again.username).toBe('returning');
  });

  it('fills linkedinId from a LinkedIn identity', async () => {
    const user = await signIn(identity({ provider: 'linkedin', subject: 'li-abc', firstName: 'Lina' }));
    expect(user.linkedinId).toBe('li-abc');
    expect(user.providers).toEqual(['linkedin']);
  });

  it('creates one account when the same new identity signs in twice at once', async () => {
    const racing = identity({ preferredUsername: 'racer' });
    const [a, b] = await Promise.all([signIn(racing), signIn(racing)]);
    expect(a.id).toBe(b.id);
  });

  it('links the identity to the signed-in account, and signs in to it afterwards', async () => {
    const bob = await register('bob');
    const github = identity({ provider: 'github', preferredUsername: 'bobcodes' });
    const linked = await signIn(github, bob.id);
    expect(linked.id).toBe(bob.id);
    expect(linked.providers).toEqual(['github']);
    expect((await signIn(github)).id).toBe(bob.id);
    // Linking again to the same account is harmless.
    expect((await signIn(github, bob.id)).id).toBe(bob.id);
  });

  it('refuses to link an identity that belongs to another account', async () => {
    const owner = await signIn(
      identity({ provider: 'github', subject: 'gh-owned', preferredUsername: 'owner' }),
    );
    const carl = await register('carl');
    const failure = await failureOf(signIn(identity({ provider: 'github', subject: 'gh-owned' }), carl.id));
    expect(failure.code).toBe('CONFLICT');
    expect(failure.message).toBe('This GitHub account is already linked to another user');
    expect((await signIn(identity({ provider: 'github', subject: 'gh-owned' }))).id).toBe(owner.id);
  });

  it('refuses a second identity of the same provider on one account', async () => {
    const dana = await register('dana');
    await signIn(identity({ provider: 'linkedin', subject: 'li-dana-1' }), dana.id);
    const failure = await failureOf(
      signIn(identity({ provider: 'linkedin', subject: 'li-dana-2' }), dana.id),
    );
    expect(failure.code).toBe('CONFLICT');
    expect(failure.message).toBe('Your account is already linked to a different LinkedIn account');
    const user = await bus.request(authContracts.getUser, { userId: dana.id });
    expect(user.linkedinId).toBe('li-dana-1');
  });

  it('never merges into an existing account because the e-mail matches', async () => {
    const erin = await register('erin', 'erin@example.com');
    const user = await signIn(
      identity({ email: 'erin@example.com', emailVerified: true, preferredUsername: 'erin' }),
    );
    expect(user.id).not.toBe(erin.id);
    expect(user.username).toBe('erin2');
  });

  it('appends digits until the username is free, ignoring case', async () => {
    await register('Frank');
    await signIn(identity({ preferredUsername: 'frank2' }));
    const user = await signIn(identity({ preferredUsername: 'FRANK' }));
    expect(user.username).toBe('FRANK3');
  });

  it('never gives a new account the admin name or a look-alike, nor signs in to the admin', async () => {
    const admin = await bus.request(authContracts.verifyPassword, {
      username: 'admin',
      password: 'admin-password',
    });
    for (const preferredUsername of ['admin', 'Admin', 'аdmin', 'ａｄｍｉｎ', 'adm1n']) {
      const user = await signIn(
        identity({ preferredUsername, email: 'admin@example.com', emailVerified: true }),
      );
      expect(user.id).not.toBe(admin.id);
      expect(user.isAdmin).toBe(false);
      expect(isReservedUsername(user.username)).toBe(false);
    }
  });

  it('takes the username from the name when the provider gives neither username nor e-mail', async () => {
    const user = await signIn(identity({ provider: 'linkedin', firstName: 'Grace', lastName: 'Hopper' }));
    expect(user.username).toBe('Grace.Hopper');
    expect(user.email).toBe('');
  });
});
