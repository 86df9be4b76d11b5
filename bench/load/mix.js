// k6: GET /api/network, GET /api/user and sign-ins at once, about RATE (40) requests a second in
// all (40 % network, 55 % user, 5 % sign-in), each at its own fixed arrival rate.
//   k6 run -e BASE_URL=… -e WARMPATH_USERNAME=… -e WARMPATH_PASSWORD=… \
//     -e SIGN_IN_USERS=alice:pw1,bob:pw2 bench/load/mix.js
// DURATION (1m), P95_MS (reads, 100), SIGN_IN_P95_MS (1000). `npm run bench:load` workload "mix".
import {
  limits,
  mixScenarios,
  num,
  reader,
  readNetwork,
  readUser,
  sessionCookie,
  signInOnce,
  signInUsers,
} from './lib/warmpath.js';

export const options = {
  discardResponseBodies: true,
  scenarios: mixScenarios(num('RATE', 40), __ENV.DURATION || '1m'),
  thresholds: {
    ...limits('network', num('P95_MS', 100)),
    ...limits('user', num('P95_MS', 100)),
    ...limits('sign-in', num('SIGN_IN_P95_MS', 1000)),
  },
};

const users = signInUsers();

export function setup() {
  return { cookie: sessionCookie(reader()) };
}

export function network(data) {
  readNetwork(data.cookie);
}

export function user(data) {
  readUser(data.cookie);
}

export function signIn() {
  signInOnce(users);
}
