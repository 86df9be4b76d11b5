// Where one reader's CPU goes after a member's import, in one process: the network service's
// per-reader steps for GET /api/teams/{id}/network (overlay, merge, the compact columns, their
// JSON, brotli + gzip, the ETag's hash) run on a generated workspace with the pure functions the
// service calls (docs/performance.md#where-a-readers-cpu-goes). No stack, no Redis (the snapshot
// write is a few MB to Redis, measured apart by bench:scale). CPU time (process.cpuUsage), median
// of the runs. `npx nx run-many -t build -p domain contracts testing && npm run bench:reader-cost
// [-- --members=10 --pooled=100000 --readers=3 --runs=5 --mixed=1]`. With
// `--before=<dir>` (a copy of an earlier libs/domain build: <dir>/dist/index.js, <dir> inside the
// repository so that it finds node_modules) each reader's steps also run with that copy and the
// service's steps before this change, alternating with today's in the same process and sitting.
import { createHash } from 'node:crypto';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import * as domain from '@warmpath/domain';
import { afterImport, generatedWorkspace, option, scaleSizes, universeFor } from './generated-workspace.mjs';

const { poolWorkspace, viewerOverlay } = domain;
const beforeDir = process.argv.find((arg) => arg.startsWith('--before='))?.slice('--before='.length);
const variants = [['after', domain, false]];
if (beforeDir) {
  const before = await import(pathToFileURL(resolve(beforeDir, 'dist/index.js')).href);
  // Before: that build's encoder, and the index of the people by id every pool built then.
  variants.unshift(['before', before, true]);
}

const MEMBERS = option('members', 10);
const POOLED = option('pooled', 100_000);
const READERS = option('readers', 3);
const RUNS = option('runs', 5);
const COMPANIES = option('companies', 5_000);
/** Every member on `names` as bench:scale seeds them; `--mixed=1` cycles the four levels. */
const SHARING = option('mixed', 0) ? ['names', 'profiles', 'emails', 'counts'] : ['names'];
const POSITIONS = ['Software Engineer', 'Product Manager', 'Sales Director', 'Recruiter', 'CEO', 'Designer'];

/** bench:scale's workspace: member sizes 1.5× down to 0.5× the mean, each person known by two. */
const sizes = scaleSizes(MEMBERS, POOLED);
const workspace = () =>
  generatedWorkspace({
    sizes,
    universe: universeFor(sizes, POOLED),
    companies: COMPANIES,
    sharing: SHARING,
    positions: POSITIONS,
    connectedOn: '2020-01-01',
  });

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
/** Runs `step`, adds its CPU ms to `into[name]`, answers its result. */
const timed = (into, name, step) => {
  const start = cpuMs();
  const result = step();
  (into[name] ??= []).push(cpuMs() - start);
  return result;
};

/**
 * One reader's steps after the merge, as team-snapshot.service.ts and
 * snapshot-representations.ts run them for the compact form (large: brotli 1, gzip 1).
 */
function readerSteps(into, shared, viewerId, previous, [, lib, indexed]) {
  const overlay = timed(into, 'overlay', () => lib.viewerOverlay(shared, viewerId, previous));
  const pooled = timed(into, 'merge', () => lib.mergeView(shared, overlay));
  if (indexed) timed(into, 'index by id', () => new Map(pooled.people.map((p, i) => [p.id, i])));
  const data = timed(into, 'wire data', () => ({
    connections: [pooled.self, ...pooled.teammates, ...pooled.people],
    relationships: [...pooled.knowsLinks, ...pooled.teammateLinks, ...pooled.companyLinks],
    companies: pooled.companies,
    workspace: { teamId: 1, members: pooled.members, otherCompanyPeople: pooled.otherCompanyPeople },
  }));
  const compact = timed(into, 'encodeNetwork', () =>
    lib.encodeNetwork(data, { companyLinksOwner: viewerId }),
  );
  const text = timed(into, 'JSON.stringify', () => Buffer.from(JSON.stringify(compact)));
  const large = text.length > 8 * 1024 * 1024;
  const br = timed(into, 'brotli', () =>
    brotliCompressSync(text, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: large ? 1 : 5,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_SIZE_HINT]: text.length,
      },
    }),
  );
  timed(into, 'gzip', () => gzipSync(text, { level: large ? 1 : 6 }));
  timed(into, 'ETag sha256', () => createHash('sha256').update(br).digest('base64url'));
  return { overlay, pooled, data, text, br };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fmt = (values) =>
  `${median(values).toFixed(0)} ms (${Math.min(...values).toFixed(0)}-${Math.max(...values).toFixed(0)})`;

const load = [loadavg()[0]];
const members = workspace();
const build = poolWorkspace(members);
const imported = afterImport(members);
const viewers = Array.from({ length: Math.min(READERS, MEMBERS) }, (_, i) => i + 1);
const firstOverlays = new Map(viewers.map((viewerId) => [viewerId, viewerOverlay(build, viewerId)]));
const steps = new Map(variants.map(([name]) => [name, {}]));
let sample;
for (let run = 0; run < RUNS; run++) {
  // The shared build after the import, once per version; then each reader from their last overlay.
  const again = timed(steps.get('after'), '(shared build, once)', () => poolWorkspace(imported, build));
  for (const viewerId of viewers) {
    // Alternating which goes first, so that neither always inherits the other's garbage.
    const order = run % 2 ? [...variants].reverse() : variants;
    for (const variant of order) {
      const perReader = {};
      sample = readerSteps(perReader, again, viewerId, firstOverlays.get(viewerId), variant);
      const into = steps.get(variant[0]);
      for (const [name, [ms]] of Object.entries(perReader)) (into[name] ??= []).push(ms);
      const total = Object.values(perReader).reduce((sum, [ms]) => sum + ms, 0);
      (into['reader total'] ??= []).push(total);
      const { overlay: _o, merge: _m, ...after } = perReader;
      (into['after the merge'] ??= []).push(Object.values(after).reduce((sum, [ms]) => sum + ms, 0));
    }
  }
  load.push(loadavg()[0]);
}
console.log(
  `${MEMBERS} members (${SHARING.join('/')}), ${build.persons.length.toLocaleString('en')} pooled people, ` +
    `${sample.pooled.people.length.toLocaleString('en')} shown to reader ${viewers.at(-1)}, ` +
    `${sample.data.relationships.length.toLocaleString('en')} links (${sample.pooled.companyLinks.length.toLocaleString('en')} company), ` +
    `compact JSON ${(sample.text.length / 1e6).toFixed(1)} MB, brotli ${(sample.br.length / 1e6).toFixed(2)} MB`,
);
console.log(
  `CPU per reader after a member's import, median of ${RUNS} runs × ${viewers.length} readers (min-max); ` +
    `load average ${Math.min(...load).toFixed(1)}-${Math.max(...load).toFixed(1)}`,
);
const names = [...new Set(variants.flatMap(([name]) => Object.keys(steps.get(name))))];
console.log(['step', ...variants.map(([name]) => name)].join(' | '));
for (const name of names)
  console.log(
    [name, ...variants.map(([v]) => (steps.get(v)[name] ? fmt(steps.get(v)[name]) : '—'))].join(' | '),
  );
