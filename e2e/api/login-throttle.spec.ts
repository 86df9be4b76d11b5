import { expect, test } from '@playwright/test';
import { request as httpRequest } from 'node:http';
import { requestFrom } from '../support/client-address.js';
import { ownGateway } from '../support/stack-control.js';
import { newUser, registerUser } from '../support/users.js';

// Behind a trusted proxy is tested on a gateway of its own, beside the shared one, so this file
// need not run alone (docs/developer-guide.md#the-loop).

/**
 * POST /api/login from a chosen loopback address: the whole of 127.0.0.0/8 reaches the gateway on
 * 127.0.0.1, so 127.0.0.2 is "another client" without any proxy header.
 */
function loginFrom(
  localAddress: string,
  username: string,
  password: string,
  forwardedFor?: string,
  cookie?: string,
  gatewayUrl = process.env.WARMPATH_URL,
): Promise<{ status: number; body: { message?: string } }> {
  const url = new URL('/api/login', gatewayUrl);
  const payload = JSON.stringify({ username, password });
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: 'POST',
        localAddress,
        headers: {
          'content-type': 'application/json',
          ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
          ...(cookie ? { cookie } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

test('wrong passwords from an attacker throttle the attacker, never the owner on their own address', async ({
  request,
}) => {
  const { user } = await registerUser(request, newUser());
  for (let i = 0; i < 5; i += 1)
    expect((await loginFrom('127.0.0.2', user.username, 'wrong-password')).status).toBe(401);
  // The attacker is stopped, even with the right password...
  const attacker = await loginFrom('127.0.0.2', user.username, user.password);
  expect(attacker.status).toBe(429);
  expect(attacker.body.message).toBe('Too many sign-in attempts. Please wait a few minutes and try again.');
  // ...and the owner, on their own address, signs in at once.
  expect((await loginFrom('127.0.0.3', user.username, user.password)).status).toBe(200);
});

test('failures from many addresses lock an account to new browsers, never to one that signed in before', async () => {
  const user = newUser();
  const registered = await requestFrom('127.0.0.20', 'POST', '/api/register', {
    ...user,
    confirmPassword: user.password,
  });
  expect(registered.status).toBe(201);
  const device = registered.cookies.find((cookie) => cookie.startsWith('warmpath_device_'));
  expect(device).toBeDefined();
  // Signed (HMAC), httpOnly, sent to the sign-in route only.
  expect(registered.setCookies.find((header) => header.startsWith('warmpath_device_'))).toMatch(
    /^warmpath_device_[\w-]{16}=[0-9a-z]+\.[\w-]+\.[\w-]+; Max-Age=15552000; Path=\/api\/login; HttpOnly; SameSite=Strict$/,
  );
  // 11 wrong passwords from three addresses, never 5 from one: past the account's 10 free failures.
  for (const [address, count] of [
    ['127.0.0.21', 4],
    ['127.0.0.22', 4],
    ['127.0.0.23', 3],
  ] as const)
    for (let i = 0; i < count; i += 1)
      expect((await loginFrom(address, user.username, 'wrong-password')).status).toBe(401);
  // A new browser, even with the right password from an address never seen, waits...
  const fresh = await loginFrom('127.0.0.24', user.username, user.password);
  expect(fresh.status).toBe(429);
  expect(fresh.body.message).toBe('Too many sign-in attempts. Please wait a few minutes and try again.');
  // ...and so does one showing a forged device cookie...
  const forged = `${device!.slice(0, -2)}${device!.endsWith('AA') ? 'BB' : 'AA'}`;
  expect((await loginFrom('127.0.0.24', user.username, user.password, undefined, forged)).status).toBe(429);
  // ...while the browser that signed in before gets in at once.
  expect((await loginFrom('127.0.0.24', user.username, user.password, undefined, device)).status).toBe(200);
});

test('a client cannot pick its own address with X-Forwarded-For (no proxy is trusted by default)', async ({
  request,
}) => {
  const { user } = await registerUser(request, newUser());
  for (let i = 0; i < 5; i += 1)
    expect((await loginFrom('127.0.0.4', user.username, 'wrong-password', `203.0.113.${i}`)).status).toBe(
      401,
    );
  expect((await loginFrom('127.0.0.4', user.username, user.password, '203.0.113.99')).status).toBe(429);
});

test('behind a configured proxy (TRUST_PROXY), each forwarded client is throttled on its own', async ({
  request,
}) => {
  // A gateway start: on a busy machine it can take well over a minute.
  test.setTimeout(300_000);
  const { user } = await registerUser(request, newUser());
  const proxied = await ownGateway({ TRUST_PROXY: '127.0.0.5' });
  const loginVia = (address: string, username: string, password: string, forwardedFor: string) =>
    loginFrom(address, username, password, forwardedFor, undefined, proxied.url);
  try {
    for (let i = 0; i < 5; i += 1)
      expect((await loginVia('127.0.0.5', user.username, 'wrong-password', '203.0.113.7')).status).toBe(401);
    expect((await loginVia('127.0.0.5', user.username, user.password, '203.0.113.7')).status).toBe(429);
    // Another client behind the same proxy is a client of its own...
    expect((await loginVia('127.0.0.5', user.username, user.password, '198.51.100.8')).status).toBe(200);
    // ...but a peer that is not the proxy still cannot choose its address.
    for (let i = 0; i < 5; i += 1)
      expect((await loginVia('127.0.0.6', user.username, 'wrong-password', `192.0.2.${i}`)).status).toBe(401);
    expect((await loginVia('127.0.0.6', user.username, user.password, '192.0.2.99')).status).toBe(429);
  } finally {
    await proxied.stop();
  }
});
