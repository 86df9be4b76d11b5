import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { authContracts, type User } from '@warmpath/contracts';
import { startAuthForTest, type AuthTestApp } from './auth-test-app.js';

let auth: AuthTestApp;
let bus: AuthTestApp['bus'];

beforeAll(async () => {
  auth = await startAuthForTest('auth-profiles-it');
  bus = auth.bus;
});

afterAll(async () => {
  await auth?.close();
});

const register = (username: string, firstName: string): Promise<User> =>
  auth.register(username, { firstName, email: `${username}@Example.org` });

describe('auth.user.profiles', () => {
  it('answers the names, e-mail and creation time of every known id and leaves unknown ids out', async () => {
    const ana = await register('ana', 'Ana');
    const bea = await register('bea', 'Bea');
    const profiles = await bus.request(authContracts.getProfiles, {
      userIds: [bea.id, 999_999, ana.id, bea.id],
    });
    expect(profiles).toEqual([
      {
        id: ana.id,
        username: 'ana',
        firstName: 'Ana',
        lastName: 'Silva',
        email: 'ana@Example.org',
        avatarUrl: null,
        createdAt: ana.createdAt,
      },
      {
        id: bea.id,
        username: 'bea',
        firstName: 'Bea',
        lastName: 'Silva',
        email: 'bea@Example.org',
        avatarUrl: null,
        createdAt: bea.createdAt,
      },
    ]);
  });

  it('answers an empty list for no ids', async () => {
    expect(await bus.request(authContracts.getProfiles, { userIds: [] })).toEqual([]);
  });
});
