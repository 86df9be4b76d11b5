// `npm test`: every check, on real infrastructure (docs/architecture.md#running-it).
// lint + typecheck + unit tests + build (Nx, cached), service integration tests, then the e2e
// suites in Debian's chromium. Each run is isolated: its own database names, Redis key prefix
// and NATS subject prefix, so two runs on one machine cannot collide.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureInfrastructure, ROOT } from './lib/infra.mjs';
import { ensureChromium } from './lib/chromium.mjs';

const started = Date.now();
const results = join(ROOT, '.test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const runId = randomBytes(4).toString('hex');
const infra = await ensureInfrastructure({ log: (m) => console.log(`[infra] ${m}`) });
const env = {
  ...process.env,
  NX_NO_CLOUD: 'true',
  NX_DAEMON: 'false',
  WARMPATH_RUN_ID: runId,
  TEST_POSTGRES_URL: infra.postgresUrl,
  TEST_REDIS_URL: infra.redisUrl,
  TEST_NATS_URL: infra.natsUrl,
};
const bin = (name) => join(ROOT, 'node_modules', '.bin', name);

const steps = [
  [
    'commit messages since the last release (docs/developer-guide.md#commits)',
    process.execPath,
    [join(ROOT, 'scripts', 'check-commits.mjs')],
  ],
  [
    'formatting (prettier --check; `npm run format` fixes it)',
    bin('prettier'),
    ['--check', '.', '--log-level', 'warn'],
  ],
  [
    'lint, typecheck, unit tests, build',
    bin('nx'),
    ['run-many', '-t', 'lint', 'typecheck', 'test', 'build', '--output-style=static', '--parallel=2'],
  ],
  [
    'integration tests',
    bin('nx'),
    ['run-many', '-t', 'integration', '--output-style=static', '--parallel=1'],
  ],
  ['end-to-end tests', bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts']],
  [
    'fault suite (own NATS, Redis and a Postgres proxy per scenario)',
    bin('playwright'),
    ['test', '-c', 'e2e/playwright.fault.config.ts'],
  ],
];
if (existsSync(join(ROOT, 'e2e', 'playwright.graph.config.ts'))) {
  steps.push([
    'graph engine browser tests',
    bin('playwright'),
    ['test', '-c', 'e2e/playwright.graph.config.ts'],
  ]);
}

let failedSteps = 0;
try {
  ensureChromium((m) => console.log(`[chromium] ${m}`));
  for (const [label, command, args] of steps) {
    const stepStart = Date.now();
    console.log(`\n=== ${label} ===`);
    const { status } = spawnSync(command, args, { cwd: ROOT, env, stdio: 'inherit' });
    console.log(
      `=== ${label}: ${status === 0 ? 'ok' : `FAILED (exit ${status})`} in ${((Date.now() - stepStart) / 1000).toFixed(0)} s ===`,
    );
    if (status !== 0) failedSteps += 1;
  }
} finally {
  await infra.stop();
}

const counts = countResults(results);
console.log(
  `\nTest suites: ${counts.files} result files, ${((Date.now() - started) / 1000).toFixed(0)} s in all`,
);
console.log(`${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(failedSteps || counts.failed ? 1 : 0);

/** Sums the jest, vitest and Playwright JSON reports into one closing line. */
function countResults(dir) {
  const total = { passed: 0, failed: 0, skipped: 0, files: 0 };
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    let report;
    try {
      report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    } catch {
      continue;
    }
    total.files += 1;
    if (report.stats && 'expected' in report.stats) {
      total.passed += report.stats.expected + (report.stats.flaky ?? 0);
      total.failed += report.stats.unexpected;
      total.skipped += report.stats.skipped;
    } else {
      total.passed += report.numPassedTests ?? 0;
      total.failed += (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0);
      total.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    }
  }
  return total;
}
