import { describe, expect, it } from '@jest/globals';
import type { User } from '@warmpath/contracts';
import { ServiceError, type BusClient } from '@warmpath/server-kit';
import { OwnProfileClient, PROFILE_TTL_MS } from './own-profile.client.js';

const user = (firstName: string): User => ({
  id: 7,
  username: 'maya',
  firstName,
  lastName: 'Chen',
  email: 'm@x.org',
  avatarUrl: null,
  linkedinId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  isAdmin: false,
  providers: [],
});

/** An auth service double answering the queued answers in turn (an Error is thrown). */
function client(answers: (User | Error)[]) {
  let calls = 0;
  const bus = {
    request: async () => {
      const answer = answers[Math.min(calls++, answers.length - 1)] as User | Error;
      if (answer instanceof Error) throw answer;
      return answer;
    },
  } as unknown as BusClient;
  return { profiles: new OwnProfileClient(bus), calls: () => calls };
}

describe('OwnProfileClient', () => {
  it('asks auth once per user within the TTL, then again', async () => {
    const { profiles, calls } = client([user('Maya'), user('May')]);
    const [a, b] = await Promise.all([profiles.get(7, 0), profiles.get(7, 1)]);
    expect(a).toEqual(b);
    expect((await profiles.get(7, PROFILE_TTL_MS - 1)).firstName).toBe('Maya');
    expect(calls()).toBe(1);
    expect((await profiles.get(7, PROFILE_TTL_MS + 1)).firstName).toBe('May');
    expect(calls()).toBe(2);
  });

  it('keeps only what the own node shows', async () => {
    const { profiles } = client([user('Maya')]);
    expect(await profiles.get(7, 0)).toEqual({
      id: 7,
      firstName: 'Maya',
      lastName: 'Chen',
      email: 'm@x.org',
      avatarUrl: null,
      createdAt: '2026-01-01T00:00:00.000Z',
    });
  });

  it('does not remember a failure: the next read asks again', async () => {
    const { profiles, calls } = client([
      new ServiceError('SERVICE_UNAVAILABLE', 'No service answers auth.user.get'),
      user('Maya'),
    ]);
    await expect(profiles.get(7, 0)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect((await profiles.get(7, 1)).firstName).toBe('Maya');
    expect(calls()).toBe(2);
  });

  it('answers the last profile auth gave while auth cannot answer', async () => {
    const { profiles, calls } = client([
      user('Maya'),
      new ServiceError('SERVICE_UNAVAILABLE', 'No service answers auth.user.get'),
    ]);
    await profiles.get(7, 0);
    expect((await profiles.get(7, PROFILE_TTL_MS + 1)).firstName).toBe('Maya');
    expect(calls()).toBe(2);
  });

  it('still fails for a user auth says does not exist', async () => {
    const { profiles } = client([user('Maya'), new ServiceError('NOT_FOUND', 'User not found')]);
    await profiles.get(7, 0);
    await expect(profiles.get(7, PROFILE_TTL_MS + 1)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('tells until when the profile it answers next is at most the TTL old', async () => {
    const { profiles } = client([user('Maya'), user('May')]);
    expect(profiles.freshUntil(7, 100)).toBe(100 + PROFILE_TTL_MS);
    await profiles.get(7, 100);
    expect(profiles.freshUntil(7, 5000)).toBe(100 + PROFILE_TTL_MS);
    expect(profiles.freshUntil(7, 100 + PROFILE_TTL_MS)).toBe(100 + 2 * PROFILE_TTL_MS);
  });
});
