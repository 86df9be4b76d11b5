import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './support/chromium.js';

/**
 * End-to-end suites against the whole running stack (every service as a process, real
 * Postgres/Redis/NATS), started once by the global setup: `api/` talks HTTP to the gateway,
 * `browser/` drives Debian's chromium. Two spec files run at a time, the tests of a file in order
 * (docs/developer-guide.md#the-loop): one browser spec at a time (two chromiums on two cores
 * starve each other's pages) beside the API specs. A spec that restarts or kills services of the
 * shared stack, or counts what every spec writes, declares the `-exclusive-` lock and runs alone;
 * one that only needs the gateway with other settings starts its own instead (`ownGateway`).
 */
export default defineConfig({
  testDir: '.',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: '../.test-results/e2e-artifacts',
  reporter: [['list'], ['json', { outputFile: '../.test-results/e2e.json' }]],
  use: {
    baseURL: process.env.WARMPATH_URL,
    launchOptions: chromiumLaunchOptions(),
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
  },
  // The browser specs first: the worker that frees up takes the next one, the other the API specs.
  projects: [
    { name: 'browser', testMatch: 'browser/**/*.spec.ts', workers: 1 },
    { name: 'api', testMatch: 'api/**/*.spec.ts' },
  ],
});
