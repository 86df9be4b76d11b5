// k6: GET /api/user (session check, then the auth service) at a fixed arrival rate.
//   k6 run -e BASE_URL=… -e WARMPATH_USERNAME=… -e WARMPATH_PASSWORD=… bench/load/user.js
// RATE (req/s, 100), DURATION (1m), P95_MS (50). `npm run bench:load` workload "user" is the same.
import { atRate, limits, num, reader, readUser, sessionCookie } from './lib/warmpath.js';

export const options = {
  discardResponseBodies: true,
  scenarios: { user: atRate('read', num('RATE', 100), __ENV.DURATION || '1m') },
  thresholds: limits('user', num('P95_MS', 50)),
};

export function setup() {
  return { cookie: sessionCookie(reader()) };
}

export function read(data) {
  readUser(data.cookie);
}
