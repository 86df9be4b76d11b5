// Workload "network" (docs/performance.md#load-npm-run-benchload): GET /api/network of a
// 5,000-person network, brotli as a browser asks for it, at BENCH_NETWORK_RATE (25/s).
import { fixedRateWorkload, knob, streams } from './fixture.mjs';

export { env } from './fixture.mjs';

export const run = fixedRateWorkload('network', (users, url) => [
  streams.network(users, url, knob('BENCH_NETWORK_RATE', 25)),
]);
