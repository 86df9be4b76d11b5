import { expect, test } from '@playwright/test';
import { request as httpRequest } from 'node:http';
import { newUser, registerUser } from '../support/users.js';

/**
 * POST /api/login from a chosen loopback address: the whole of 127.0.0.0/8 reaches the gateway on
 * 127.0.0.1, so 127.0.0.2 is "another client" without any proxy header.
 */
function loginFrom(
  localAddress: string,
  username: string,
  password: string,
): Promise<{ status: number; body: { message?: string } }> {
  const url = new URL('/api/login', process.env.WARMPATH_URL);
  const payload = JSON.stringify({ username, password });
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: 'POST', localAddress, headers: { 'content-type': 'application/json' } },
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
