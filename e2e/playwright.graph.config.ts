import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './support/chromium.js';

const PORT = 4175;

/**
 * The graph engine alone in Debian chromium (software WebGL): web is built, its dist served
 * statically, and the spec drives the graph-lab page. Run: npx playwright test -c playwright.graph.config.ts
 */
export default defineConfig({
  testDir: './graph',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 20_000, toHaveScreenshot: { maxDiffPixelRatio: 0.01, threshold: 0.2 } },
  outputDir: '../.test-results/graph-e2e-artifacts',
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 800, height: 600 },
    launchOptions: chromiumLaunchOptions(),
    trace: 'retain-on-failure',
  },
  webServer: {
    command: `cd ../web && npx vite build --logLevel warn && cd ../e2e && node ../bench/graph/static-server.mjs ../web/dist ${PORT}`,
    url: `http://127.0.0.1:${PORT}/graph-lab.html`,
    timeout: 180_000,
    reuseExistingServer: false,
  },
});
