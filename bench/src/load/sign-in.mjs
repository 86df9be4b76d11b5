// Workload "sign-in" (docs/performance.md#load-npm-run-benchload): POST /api/login with the right password at
// BENCH_SIGN_IN_RATES (5,10) a second, then a burst of 100 at once, then how long until a sign-in
// succeeds again after the burst; and the time per password hash on this machine.
import { printHashCosts } from './hash-cost.mjs';
import { env, fixture, streams } from './fixture.mjs';
import { printTable, runPhase } from './phase.mjs';
import { burst, printTable as printBurst, summarize } from './rate.mjs';

export { env };

export async function run({ stack, seconds, warmup }) {
  const users = await fixture(stack);
  const rates = (process.env.BENCH_SIGN_IN_RATES ?? '5,10').split(',').map(Number);
  const phases = [];
  for (const rate of rates)
    phases.push(
      await runPhase(stack, {
        name: `sign-in ${rate}/s`,
        streams: [streams.signIn(users, stack.url, rate)],
        seconds,
        warmup,
      }),
    );
  printTable(phases);
  let next = 0;
  const signIn = async () => {
    const { username, password } = users.signIns[next++ % users.signIns.length];
    const response = await fetch(`${stack.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
      signal: AbortSignal.timeout(30_000),
    });
    await response.arrayBuffer();
    return response.status;
  };
  const row = summarize('burst of 100 at once', await burst(100, signIn));
  const recovered = await timeToRecover(signIn);
  printBurst('sign-in burst (POST /api/login, right password)', [row]);
  console.log(
    `\nafter the burst: the next sign-in succeeded ${recovered.toFixed(0)} ms after the burst's last answer`,
  );
  await printHashCosts();
  return { phases };
}

/** Milliseconds until one sign-in succeeds, trying every 100 ms. */
async function timeToRecover(signIn) {
  const started = performance.now();
  while ((await signIn()) !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
  return performance.now() - started;
}
