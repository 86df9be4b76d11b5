// Workload "mix" (docs/performance.md#load-npm-run-benchload): GET /api/network, GET /api/user and
// sign-ins at once, about BENCH_MIX_RATE (30) requests a second in all (40 % network, 55 % user, 5
// % sign-in).
import { fixedRateWorkload, knob, mixedStreams } from './fixture.mjs';

export { env } from './fixture.mjs';

export const run = fixedRateWorkload('mix', (users, url) =>
  mixedStreams(users, url, knob('BENCH_MIX_RATE', 30)),
);
