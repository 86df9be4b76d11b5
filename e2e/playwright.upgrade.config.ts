import { defineConfig } from '@playwright/test';

/**
 * The upgrade test (docs/operations.md "Upgrading without downtime"): the previous release's
 * services, built from git, serve the schema this release migrated. It starts stacks of its own.
 */
export default defineConfig({
  testDir: './upgrade',
  testMatch: ['**/*.spec.ts'],
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 600_000,
  expect: { timeout: 10_000 },
  outputDir: '../.test-results/upgrade-artifacts',
  reporter: [['list'], ['json', { outputFile: '../.test-results/upgrade.json' }]],
});
