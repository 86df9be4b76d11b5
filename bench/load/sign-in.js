// k6: POST /api/login with the right password at a fixed arrival rate, the accounts in turn.
//   k6 run -e BASE_URL=… -e SIGN_IN_USERS=alice:pw1,bob:pw2 bench/load/sign-in.js
// RATE (req/s, 5), DURATION (1m), P95_MS (1000), MAX_FAILED (0.05). Each sign-in costs one scrypt hash
// (~50-500 ms of a CPU); past what the auth replicas can hash, the rest are answered 503 at once
// (docs/security.md, "Sign-in capacity"). All requests come from this machine's address, so raise
// LOGIN_MAX_ATTEMPTS_PER_CLIENT on the target for the run or they are answered 429.
// `npm run bench:load` workload "sign-in" is the same.
import { atRate, num, signInOnce, signInUsers } from './lib/warmpath.js';

export const options = {
  discardResponseBodies: true,
  scenarios: { 'sign-in': atRate('signIn', num('RATE', 5), __ENV.DURATION || '1m') },
  thresholds: {
    'http_req_duration{scenario:sign-in}': [`p(95)<${num('P95_MS', 1000)}`],
    'http_req_failed{scenario:sign-in}': [`rate<${num('MAX_FAILED', 0.05)}`],
  },
};

const users = signInUsers();

export function signIn() {
  signInOnce(users);
}
