// npm run bench:base-text — the memory and CPU of turning a workspace's encoded base into its
// stored brotli bytes (docs/workspace-network.md "The base's text streamed into brotli"), two ways:
// `whole`, the text made whole (compactJsonInSlices) and compressed at once, as the network
// service did; `pieces`, the text's pieces (compactJsonPieces) streamed into brotli
// (brotliOfPieces), as it does now. Each run of each way is a process of its own, started with
// the network service's V8 flags, that pools bench:pool-cold's workspace (200 members × 500,000
// pooled people by default, kept in the OS temp directory), encodes the base, collects garbage,
// and then times the way: peak RSS over the RSS before it (VmHWM, reset through
// /proc/self/clear_refs), CPU (process.cpuUsage, brotli's thread pool included), wall, bytes, and
// the time to decompress those bytes (what a reader pays).
// Median of --runs (min-max), the ways in turns.
// `npx nx run-many -t build -p domain contracts network && npm run bench:base-text
// [-- --members=200 --pooled=500000 --companies=25000 --runs=5]`.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { brotliDecompressSync } from 'node:zlib';
import {
  compactJsonInSlices,
  compactJsonPieces,
  encodeBase,
  poolWorkspace,
  runToEnd,
} from '@warmpath/domain';
import { cachedScaleWorkspace, option } from './generated-workspace.mjs';

const MEMBERS = option('members', 200);
const POOLED = option('pooled', 500_000);
const COMPANIES = option('companies', 25_000);
const RUNS = option('runs', 5);
const CHILD = process.argv.find((arg) => arg.startsWith('--child='))?.slice('--child='.length);
const SELF = fileURLToPath(import.meta.url);
const SERVICE_FLAGS = ['--max-old-space-size=12000', '--max-semi-space-size=64'];

/** bench:pool-cold's workspace (the same file), made when it is missing. */
const workspace = () => cachedScaleWorkspace({ members: MEMBERS, pooled: POOLED, companies: COMPANIES });

const statusKb = (field) =>
  Number(
    new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? NaN,
  );

async function child(way) {
  const { brotliOfPieces, brotliSnapshot } =
    await import('../../services/network/dist/modules/graph/snapshot-representations.js');
  setFlagsFromString('--expose-gc');
  const collect = runInNewContext('gc');
  const compact = encodeBase(poolWorkspace(workspace()), 1);
  collect();
  collect();
  const before = statusKb('VmRSS');
  // Resets VmHWM to the RSS now: what follows is the way's own peak.
  writeFileSync('/proc/self/clear_refs', '5');
  const cpu = process.cpuUsage();
  const start = performance.now();
  let textBytes = 0;
  let br;
  if (way === 'whole') {
    const text = Buffer.from(runToEnd(compactJsonInSlices(compact)));
    textBytes = text.length;
    br = await brotliSnapshot(text);
  } else {
    br = await brotliOfPieces(
      (async function* () {
        for (const piece of compactJsonPieces(compact)) {
          textBytes += Buffer.byteLength(piece);
          yield piece;
        }
      })(),
    );
  }
  const wall = performance.now() - start;
  const used = process.cpuUsage(cpu);
  const peak = statusKb('VmHWM');
  // What a reader pays for these bytes: their decompression (median of 5).
  const decodes = [];
  for (let i = 0; i < 5; i++) {
    const at = performance.now();
    brotliDecompressSync(br);
    decodes.push(performance.now() - at);
  }
  console.log(
    JSON.stringify({
      textMB: textBytes / 1e6,
      brMB: br.length / 1e6,
      peakOverMB: (peak - before) / 1024,
      beforeMB: before / 1024,
      cpu: (used.user + used.system) / 1000,
      wall,
      decode: median(decodes),
    }),
  );
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const range = (values, digits = 0) =>
  `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}-${Math.max(...values).toFixed(digits)})`;

if (CHILD) await child(CHILD);
else {
  workspace();
  const load = () =>
    loadavg()
      .map((n) => n.toFixed(2))
      .join(' ');
  console.log(`base-text: ${MEMBERS} members, ${POOLED} pooled people, ${COMPANIES} companies, ${RUNS} runs`);
  console.log(`loadavg before: ${load()}`);
  const results = { whole: [], pieces: [] };
  for (let run = 0; run < RUNS; run++) {
    const ways = run % 2 === 0 ? ['whole', 'pieces'] : ['pieces', 'whole'];
    for (const way of ways) {
      const args = [...SERVICE_FLAGS, SELF, `--child=${way}`, ...process.argv.slice(2)];
      const out = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 20 });
      if (out.status !== 0) throw new Error(`${way} run failed: ${out.stderr}`);
      const result = JSON.parse(out.stdout.trim().split('\n').at(-1));
      results[way].push(result);
      console.log(
        `  run ${run + 1} ${way}: peak ${result.peakOverMB.toFixed(0)} MB over ${result.beforeMB.toFixed(0)} MB, ` +
          `CPU ${result.cpu.toFixed(0)} ms, wall ${result.wall.toFixed(0)} ms, text ${result.textMB.toFixed(1)} MB, ` +
          `brotli ${result.brMB.toFixed(2)} MB decoded in ${result.decode.toFixed(0)} ms (load ${load()})`,
      );
    }
  }
  for (const way of ['whole', 'pieces']) {
    const of = (key) => results[way].map((result) => result[key]);
    console.log(
      `${way}: peak RSS over the encoded base ${range(of('peakOverMB'))} MB, CPU ${range(of('cpu'))} ms, ` +
        `wall ${range(of('wall'))} ms, text ${range(of('textMB'), 1)} MB, brotli ${range(of('brMB'), 2)} MB, ` +
        `decoded in ${range(of('decode'))} ms`,
    );
  }
  console.log(`loadavg after: ${load()}`);
}
