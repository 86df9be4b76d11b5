import { expect, test } from '@playwright/test';
import { requestFrom } from '../support/client-address.js';
import { ownGateway } from '../support/stack-control.js';
import { newUser, type TestUser } from '../support/users.js';

// An office behind one address (NAT, VPN, proxy) signs up and signs in with the limits as shipped
// (docs/security.md "Sign-in and registration limits"): the e2e stack raises the per-address
// limits for its own sake, so this file starts a gateway of its own with the defaults, beside the
// shared one (which it leaves alone, so it need not run alone: docs/developer-guide.md#the-loop).
const OFFICE = '127.0.0.30';
const ELSEWHERE = '127.0.0.31';
const TOO_MANY = 'Too many sign-in attempts. Please wait a few minutes and try again.';
const COLLEAGUES = 50;

interface Colleague {
  user: TestUser;
  /** The browser's device cookie for this account (name=value), from its last sign-in. */
  device: string;
}

const deviceCookie = (cookies: string[]): string => {
  const found = cookies.find((cookie) => cookie.startsWith('warmpath_device_'));
  if (!found) throw new Error(`no device cookie among ${cookies.join(', ')}`);
  return found;
};

/** The office's own gateway, with the limits as shipped. */
let gateway: { url: string; stop(): Promise<void> };
const at = (path: string) => `${gateway.url}${path}`;

const signIn = (address: string, user: TestUser, password = user.password, cookie?: string) =>
  requestFrom(
    address,
    'POST',
    at('/api/login'),
    { username: user.username, password },
    cookie ? { cookie } : {},
  );

const colleagues: Colleague[] = [];

/**
 * `count` requests, a few at a time as an office's browsers would send them (each one's password
 * hash is what takes the time); answers in index order.
 */
async function inTurns<T>(count: number, send: (i: number) => Promise<T>, atOnce = 2): Promise<T[]> {
  const answers: T[] = new Array(count);
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < count; i = next++) answers[i] = await send(i);
  };
  await Promise.all(Array.from({ length: atOnce }, lane));
  return answers;
}

// Serial: the second test signs in the first one's colleagues.
test.describe.configure({ mode: 'serial', timeout: 300_000 });

test.beforeAll(async () => {
  // Empty values are unset: the gateway's defaults apply.
  gateway = await ownGateway({ REGISTER_MAX_PER_CLIENT: '', LOGIN_MAX_FAILURES_PER_CLIENT: '' });
});

test.afterAll(() => gateway?.stop());

test('50 colleagues behind one address register with their invitations and sign in', async () => {
  const owner = newUser();
  const registered = await requestFrom(ELSEWHERE, 'POST', at('/api/register'), {
    ...owner,
    confirmPassword: owner.password,
  });
  expect(registered.status).toBe(201);
  const asOwner = { cookie: registered.cookie! };
  const team = await requestFrom(ELSEWHERE, 'POST', at('/api/teams'), { name: 'The Office' }, asOwner);
  const teamId = (team.body as Record<string, unknown>).id as number;
  const joinOffice = async (i: number): Promise<Colleague> => {
    const user = newUser({ firstName: `Colleague${i}` });
    const invited = await requestFrom(
      ELSEWHERE,
      'POST',
      at(`/api/teams/${teamId}/invitations`),
      { email: user.email },
      asOwner,
    );
    expect(invited.status).toBe(201);
    const invitation = (invited.body as Record<string, unknown>).token as string;
    const joined = await requestFrom(OFFICE, 'POST', at('/api/register'), {
      ...user,
      confirmPassword: user.password,
      invitation,
    });
    expect(joined.status, `registration ${i + 1}: ${joined.body.message}`).toBe(201);
    const accepted = await requestFrom(
      OFFICE,
      'POST',
      at(`/api/invitations/${invitation}/accept`),
      undefined,
      {
        cookie: joined.cookie!,
      },
    );
    expect(accepted.status).toBe(200);
    return { user, device: deviceCookie(joined.cookies) };
  };
  colleagues.push(...(await inTurns(COLLEAGUES, joinOffice)));
  // Each signs in again, from a browser that never signed in to their account (no device cookie):
  // successes are never counted against the address.
  await inTurns(COLLEAGUES, async (i) => {
    const colleague = colleagues[i]!;
    const answer = await signIn(OFFICE, colleague.user);
    expect(answer.status, `sign-in ${i + 1}: ${answer.body.message}`).toBe(200);
    colleague.device = deviceCookie(answer.cookies);
  });
});

test('an attacker behind the same address spraying wrong passwords does not stop them', async () => {
  expect(colleagues).toHaveLength(COLLEAGUES);
  // Two wrong passwords on every account: 100 failures from the office, the address's ceiling.
  const guesses = ['Winter2026!', 'Password1'];
  const sprayed = await inTurns(
    2 * COLLEAGUES,
    async (i) =>
      (await signIn(OFFICE, colleagues[i % COLLEAGUES]!.user, guesses[Math.floor(i / COLLEAGUES)])).status,
  );
  expect(sprayed).toEqual(Array.from({ length: 2 * COLLEAGUES }, () => 401));
  // From now on the address holds browsers new to an account: the attacker's next guess, even a
  // right one, is refused without being checked...
  const attacker = await signIn(OFFICE, colleagues[0]!.user);
  expect(attacker.status).toBe(429);
  expect(attacker.body.message).toBe(TOO_MANY);
  // ...while every colleague's own browser signs in, from the same address, at once.
  await inTurns(COLLEAGUES, async (i) => {
    const colleague = colleagues[i]!;
    const answer = await signIn(OFFICE, colleague.user, colleague.user.password, colleague.device);
    expect(answer.status, `colleague ${i + 1}: ${answer.body.message}`).toBe(200);
  });
  // The accounts are not locked: from another address a new browser signs in too.
  expect((await signIn(ELSEWHERE, colleagues[1]!.user)).status).toBe(200);
});
