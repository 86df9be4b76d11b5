// k6: GET /api/network of a reader whose own network holds ~5,000 people, at a fixed arrival rate.
//   k6 run -e BASE_URL=https://warmpath.example.org -e WARMPATH_USERNAME=… -e WARMPATH_PASSWORD=… \
//     bench/load/network.js
// RATE (req/s, 50), DURATION (1m), P95_MS (100). `npm run bench:load` workload "network" is the same.
import { atRate, limits, num, reader, readNetwork, sessionCookie } from './lib/warmpath.js';

export const options = {
  discardResponseBodies: true,
  scenarios: { network: atRate('read', num('RATE', 50), __ENV.DURATION || '1m') },
  thresholds: limits('network', num('P95_MS', 100)),
};

export function setup() {
  return { cookie: sessionCookie(reader()) };
}

export function read(data) {
  readNetwork(data.cookie);
}
