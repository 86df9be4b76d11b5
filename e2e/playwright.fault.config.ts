import { defineConfig } from '@playwright/test';

/**
 * The fault suite (docs/operations.md "When infrastructure fails"): each spec file
 * starts a stack of its own, with its own nats-server and redis-server processes and a proxy in
 * front of Postgres, and breaks them while a probe records every answer. Files are isolated from
 * each other, so two run at once.
 */
export default defineConfig({
  testDir: './fault',
  testMatch: ['**/*.spec.ts'],
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 180_000,
  expect: { timeout: 10_000 },
  outputDir: '../.test-results/fault-artifacts',
  reporter: [['list'], ['json', { outputFile: '../.test-results/fault.json' }]],
});
