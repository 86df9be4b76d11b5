// Workload "user" (docs/performance.md#load-npm-run-benchload): GET /api/user (the session, then
// the auth service) at BENCH_USER_RATE (50/s).
import { fixedRateWorkload, knob, streams } from './fixture.mjs';

export { env } from './fixture.mjs';

export const run = fixedRateWorkload('user', (users, url) => [
  streams.user(users, url, knob('BENCH_USER_RATE', 50)),
]);
