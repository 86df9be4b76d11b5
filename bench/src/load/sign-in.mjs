// Workload "sign-in" (issue 17): POST /api/login with the right password at 5/s and 10/s, then a
// burst of 100 at once, then how long until a sign-in succeeds again after the burst.
import { printHashCosts } from './hash-cost.mjs';
import { atFixedRate, burst, printTable, summarize } from './rate.mjs';

const USERS = 20;

/** Settings the stack needs for this workload: every request comes from one address. */
export const env = {
  LOGIN_MAX_ATTEMPTS_PER_CLIENT: '1000000',
  REGISTER_MAX_PER_CLIENT: '1000000',
};

export async function run({ url, seconds }) {
  const users = [];
  for (let i = 0; i < USERS; i += 1) users.push(await register(url, i));
  let next = 0;
  const signIn = async () => {
    const user = users[next++ % users.length];
    const response = await fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(user),
      signal: AbortSignal.timeout(30_000),
    });
    await response.arrayBuffer();
    return response.status;
  };
  await atFixedRate(2, 3, signIn); // warm-up: connections, JIT, the dummy hash
  const rows = [];
  for (const rate of [5, 10])
    rows.push(summarize(`${rate}/s for ${seconds} s`, await atFixedRate(rate, seconds, signIn)));
  rows.push(summarize('burst of 100 at once', await burst(100, signIn)));
  const recovered = await timeToRecover(signIn);
  printTable('sign-in (POST /api/login, right password)', rows);
  console.log(
    `\nafter the burst: the next sign-in succeeded ${recovered.toFixed(0)} ms after the burst's last answer`,
  );
  await printHashCosts();
  return { rows, recoveredMs: recovered };
}

async function register(url, i) {
  const username = `load_${i}_${Date.now().toString(36)}`;
  const password = `load-password-${i}`;
  const response = await fetch(`${url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username,
      password,
      confirmPassword: password,
      firstName: 'Load',
      lastName: `User${i}`,
      email: `${username}@example.org`,
    }),
  });
  if (response.status !== 201)
    throw new Error(`register answered ${response.status}: ${await response.text()}`);
  return { username, password };
}

/** Milliseconds until one sign-in succeeds, trying every 100 ms. */
async function timeToRecover(signIn) {
  const started = performance.now();
  while ((await signIn()) !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
  return performance.now() - started;
}
