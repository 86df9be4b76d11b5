import { describe, expect, it } from '@jest/globals';
import { authContracts, type User, type UserProfile } from '@warmpath/contracts';
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

/**
 * An auth service double that knows the users in `names` (id → first name): auth.user.profiles
 * answers those it knows, auth.user.get one of them or NOT_FOUND. `down` makes both fail, `batch`
 * false makes auth.user.profiles fail alone (an auth that does not know it). Records each ask.
 */
function auth(names: Map<number, string>) {
  const state = { down: false, batch: true, many: [] as number[][], single: [] as number[] };
  const unavailable = (subject: string) =>
    new ServiceError('SERVICE_UNAVAILABLE', `No service answers ${subject}`);
  const profileOf = (id: number): UserProfile => ({
    ...user(names.get(id) as string),
    id,
    username: `user${id}`,
  });
  const bus = {
    request: async (contract: { subject: string }, request: { userId: number; userIds: number[] }) => {
      if (contract.subject === authContracts.getProfiles.subject) {
        state.many.push(request.userIds);
        if (state.down || !state.batch) throw unavailable(contract.subject);
        return request.userIds.filter((id) => names.has(id)).map(profileOf);
      }
      state.single.push(request.userId);
      if (state.down) throw unavailable(contract.subject);
      if (!names.has(request.userId)) throw new ServiceError('NOT_FOUND', 'User not found');
      return { ...user(''), ...profileOf(request.userId) };
    },
  } as unknown as BusClient;
  return { profiles: new OwnProfileClient(bus), state };
}

const firstNames = (profiles: { firstName: string }[]) => profiles.map((profile) => profile.firstName);

describe('OwnProfileClient.getMany', () => {
  it('asks auth once for every user it has no fresh profile of, and answers in the order asked', async () => {
    const { profiles, state } = auth(
      new Map([
        [1, 'Ana'],
        [2, 'Bea'],
        [3, 'Cy'],
      ]),
    );
    await profiles.get(1, 0);
    expect(firstNames(await profiles.getMany([3, 1, 2], 10))).toEqual(['Cy', 'Ana', 'Bea']);
    expect(state.many).toEqual([[3, 2]]);
    expect(firstNames(await profiles.getMany([1, 2, 3], 20))).toEqual(['Ana', 'Bea', 'Cy']);
    expect(state.many).toHaveLength(1);
    await profiles.getMany([1, 2, 3], PROFILE_TTL_MS + 20);
    expect(state.many).toEqual([
      [3, 2],
      [1, 2, 3],
    ]);
    expect(state.single).toEqual([1]);
  });

  it('keeps only what the own node shows', async () => {
    const { profiles } = auth(
      new Map([
        [1, 'Ana'],
        [2, 'Bea'],
      ]),
    );
    const [ana] = await profiles.getMany([1, 2], 0);
    expect(ana).toEqual({
      id: 1,
      firstName: 'Ana',
      lastName: 'Chen',
      email: 'm@x.org',
      avatarUrl: null,
      createdAt: '2026-01-01T00:00:00.000Z',
    });
  });

  it('asks alone for a user the answer leaves out, and fails as get does when auth says they do not exist', async () => {
    const { profiles, state } = auth(new Map([[1, 'Ana']]));
    await expect(profiles.getMany([1, 9], 0)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(state.single).toEqual([9]);
    expect(firstNames([await profiles.get(1, 1)])).toEqual(['Ana']);
    expect(state.many).toHaveLength(1);
  });

  it('asks one by one when auth does not answer the batch (an auth that does not know it yet)', async () => {
    const { profiles, state } = auth(
      new Map([
        [1, 'Ana'],
        [2, 'Bea'],
      ]),
    );
    state.batch = false;
    expect(firstNames(await profiles.getMany([2, 1], 0))).toEqual(['Bea', 'Ana']);
    expect(state.single.sort()).toEqual([1, 2]);
  });

  it('answers the last profiles auth gave while auth cannot answer, and asks again a TTL later', async () => {
    const names = new Map([
      [1, 'Ana'],
      [2, 'Bea'],
    ]);
    const { profiles, state } = auth(names);
    await profiles.getMany([1, 2], 0);
    state.down = true;
    names.set(1, 'Anna');
    expect(firstNames(await profiles.getMany([1, 2], PROFILE_TTL_MS + 1))).toEqual(['Ana', 'Bea']);
    state.down = false;
    expect(firstNames(await profiles.getMany([1, 2], 2 * PROFILE_TTL_MS + 2))).toEqual(['Anna', 'Bea']);
    expect(state.many).toHaveLength(3);
  });
});
