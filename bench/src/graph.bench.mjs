// The graph engine against force-graph (the earlier version's renderer) in headless Debian
// chromium: `npm run bench:graph [-- --sizes=1000,5000 --engines=warmpath --cap=90 --no-build]`.
// Prints numbers; it asserts nothing (benchmarks print, tests assert: timings in tests would fail
// on a busy machine).
import { execSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser } from '../graph/browser.mjs';
import { measureFirstFrames } from '../graph/first-frame.mjs';
import { measureRun } from '../graph/measure-run.mjs';
import { formatReport } from '../graph/report.mjs';
import { serveStatic } from '../graph/static-server.mjs';
import { checkTargets } from '../graph/targets.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const option = (name, fallback) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const sizes = option('sizes', '1000,5000,10000,30000').split(',').map(Number);
const engines = option('engines', 'warmpath,force-graph').split(',');
const capMs = Number(option('cap', '90')) * 1000;
const log = (message) => process.stderr.write(`${message}\n`);

if (!process.argv.includes('--no-build')) {
  log('building web (vite build)…');
  execSync('npx vite build', { cwd: join(root, 'web'), stdio: ['ignore', 'ignore', 'inherit'] });
}
const loadBefore = loadavg()[0];
const server = await serveStatic(join(root, 'web', 'dist'));
const browser = await launchBrowser();
const runs = [];
const firstFrames = [];
try {
  for (const size of sizes) {
    for (const engine of engines) {
      log(`${engine} × ${size.toLocaleString('en')} people…`);
      const run = await measureRun({
        context: browser.context,
        baseUrl: server.url,
        engine,
        size,
        capMs,
      }).catch((error) => ({
        engine,
        size,
        links: null,
        firstFrameMs: null,
        settledMs: null,
        blocking: null,
        streaming: null,
        panZoom: null,
        heap: null,
        errors: [String(error)],
      }));
      if (run.errors.length > 0) log(`  ${run.errors.join('; ')}`);
      runs.push(run);
    }
    if (engines.includes('warmpath'))
      firstFrames.push(
        await measureFirstFrames({ context: browser.context, baseUrl: server.url, size, capMs }),
      );
  }
} finally {
  await browser.close();
  await server.close();
}

const spread = (stats) =>
  stats.median === null
    ? '—'
    : `${Math.round(stats.median)} ms (${Math.round(stats.min)}–${Math.round(stats.max)})`;
const firstFrameRows = firstFrames.map(
  (row) =>
    `| ${row.size.toLocaleString('en')} | ${spread(row.warm)} | ${spread(row.cold)} | ${Math.round(Math.max(row.warm.longestTask, row.cold.longestTask))} ms |`,
);
const verdicts = checkTargets(runs, firstFrames).map(
  (verdict) => `- ${verdict.holds ? 'holds' : 'MISSED'}: ${verdict.target} (${verdict.detail})`,
);
const report = [
  `Graph engine benchmark, ${new Date().toISOString().slice(0, 10)}, headless Debian chromium, software WebGL (no GPU), ${cpus().length} CPUs, load average ${loadBefore.toFixed(1)} before / ${loadavg()[0].toFixed(1)} after, ${sizes.join(' / ')} people, cap ${capMs / 1000} s per run.`,
  '',
  formatReport(runs, capMs),
  '',
  'Our first frame over 3 page loads each, median (min–max): warm = render worker booted while the data was coming (prewarmGraphEngine, as the app does); cold = engine created together with the data:',
  '',
  '| people | first frame, warm | first frame, cold | longest main-thread task until then (wall) |',
  '| --- | --- | --- | --- |',
  ...firstFrameRows,
  '',
  'Targets:',
  ...verdicts,
].join('\n');
console.log(report);
writeFileSync(join(root, 'bench', 'graph', 'results.md'), `${report}\n`);
writeFileSync(
  join(root, 'bench', 'graph', 'results.json'),
  `${JSON.stringify({ runs, firstFrames }, null, 2)}\n`,
);
