import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './support/chromium.js';

/**
 * End-to-end suites against the whole running stack (every service as a process, real
 * Postgres/Redis/NATS), started once by the global setup: `api/` talks HTTP to the gateway,
 * `browser/` drives Debian's chromium.
 */
export default defineConfig({
  testDir: '.',
  testMatch: ['api/**/*.spec.ts', 'browser/**/*.spec.ts'],
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  workers: 1,
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
});
