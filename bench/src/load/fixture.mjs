// What the load workloads share on one stack: a reader whose own network holds 5,000 people
// (seeded as an import leaves them), users to sign in as, and the request streams built on them.
import { makePeople, seedNetwork } from '../api-bench/seed.mjs';
import { registerUser } from '../stack.mjs';
import { printTable, runPhase } from './phase.mjs';

export const NETWORK_PEOPLE = 5000;
const SIGN_IN_USERS = 20;

/** Every request of these workloads comes from one address: no per-client limit may refuse them. */
export const env = {
  LOGIN_MAX_ATTEMPTS_PER_CLIENT: '1000000',
  REGISTER_MAX_PER_CLIENT: '1000000',
};

const made = new WeakMap();

/** The stack's reader and sign-in users, made once per stack. */
export function fixture(stack) {
  if (!made.has(stack)) made.set(stack, makeFixture(stack.url, stack.env.DATABASE_URL));
  return made.get(stack);
}

async function makeFixture(url, databaseUrl) {
  const reader = await registerUser(url, 'reader');
  await seedNetwork(databaseUrl, reader.userId, makePeople(NETWORK_PEOPLE, 18));
  const signIns = [];
  for (let i = 0; i < SIGN_IN_USERS; i += 1) signIns.push(await registerUser(url, `signin${i}`));
  // The first read builds the network's snapshot; the workloads measure the warm path.
  const first = await fetch(`${url}/api/network`, { headers: { cookie: reader.cookie } });
  if (first.status !== 200) throw new Error(`GET /api/network answered ${first.status}`);
  await first.arrayBuffer();
  return { reader, signIns };
}

/** The request streams of the workloads, at `rate` requests a second each. */
export const streams = {
  network: ({ reader }, url, rate) => ({
    name: `GET /api/network (${NETWORK_PEOPLE.toLocaleString('en')} people, br)`,
    url: `${url}/api/network`,
    headers: { cookie: reader.cookie, 'accept-encoding': 'br' },
    rate,
  }),
  user: ({ reader }, url, rate) => ({
    name: 'GET /api/user',
    url: `${url}/api/user`,
    headers: { cookie: reader.cookie },
    rate,
  }),
  signIn: ({ signIns }, url, rate) => ({
    name: 'POST /api/login',
    url: `${url}/api/login`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    bodies: signIns.map(({ username, password }) => JSON.stringify({ username, password })),
    rate,
  }),
};

/** A mixed load of about `total` requests a second: reads mostly, a sign-in now and then. */
export function mixedStreams(users, url, total) {
  const signIn = Math.max(1, Math.round(total * 0.05));
  const network = Math.max(1, Math.round(total * 0.4));
  return [
    streams.network(users, url, network),
    streams.user(users, url, Math.max(1, total - network - signIn)),
    streams.signIn(users, url, signIn),
  ];
}

/** A number from the environment, or `fallback`. */
export const knob = (name, fallback) => Number(process.env[name] ?? fallback);

/** A workload of one fixed-rate phase: `makeStreams(users, url)` gives its streams. */
export const fixedRateWorkload =
  (name, makeStreams) =>
  async ({ stack, seconds, warmup }) => {
    const phase = await runPhase(stack, {
      name,
      streams: makeStreams(await fixture(stack), stack.url),
      seconds,
      warmup,
    });
    printTable([phase]);
    return { phases: [phase] };
  };
