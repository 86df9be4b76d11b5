// A workspace's pooled network per viewer, in one process: poolNetwork (a whole pooling per
// viewer) against one shared build (poolWorkspace) and each viewer's overlay + merge
// (docs/workspace-network.md "One shared build per workspace version"). Pure functions on
// generated data, no stack: `npx nx run domain:build && npm run bench:pooling
// [-- --members=10 --people=10000 --universe=40000 --companies=2000 --runs=5]`.
// Prints medians; it asserts nothing (the equality is pinned by shared-pool.spec.ts).
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { mergeView, poolNetwork, poolWorkspace, viewerOverlay } from '@warmpath/domain';
import { afterImport, generatedWorkspace, option } from './generated-workspace.mjs';

const MEMBERS = option('members', 10);
const PEOPLE = option('people', 10_000);
const UNIVERSE = option('universe', 40_000);
const COMPANIES = option('companies', 2_000);
const RUNS = option('runs', 5);
const SHARING = ['names', 'profiles', 'emails', 'counts'];
const POSITIONS = [
  'Software Engineer',
  'Senior Software Engineer',
  'Product Manager',
  'Sales Director',
  'Recruiter',
  'CEO',
  'VP Engineering',
  'Designer',
  'Data Scientist',
  'Account Executive',
];

const workspace = () =>
  generatedWorkspace({
    sizes: Array.from({ length: MEMBERS }, () => PEOPLE),
    universe: UNIVERSE,
    companies: COMPANIES,
    sharing: SHARING,
    positions: POSITIONS,
    notes: 0.05,
  });

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const time = (run) => {
  const start = performance.now();
  const result = run();
  return { ms: performance.now() - start, result };
};
const ms = (value) => `${value.toFixed(1)} ms`;

const members = workspace();
console.log(
  `${MEMBERS} members × ${PEOPLE.toLocaleString('en')} people from ${UNIVERSE.toLocaleString('en')}, ` +
    `${COMPANIES.toLocaleString('en')} companies, median of ${RUNS}; load average ${loadavg()[0].toFixed(1)}`,
);
const shared = [];
for (let run = 0; run < RUNS; run++) shared.push(time(() => poolWorkspace(members)));
const build = shared[0].result;
console.log(
  `shared build (poolWorkspace), once per workspace version: ${ms(median(shared.map((s) => s.ms)))}`,
);
console.log('viewer | sharing | poolNetwork | overlay | merge | overlay + merge | people · links');
const viewers = [1, Math.ceil(MEMBERS / 2), MEMBERS].filter((v, i, all) => all.indexOf(v) === i);
for (const viewerId of viewers) {
  const full = [];
  const overlays = [];
  const merges = [];
  let merged;
  for (let run = 0; run < RUNS; run++) {
    full.push(time(() => poolNetwork(viewerId, members)).ms);
    const overlay = time(() => viewerOverlay(build, viewerId));
    overlays.push(overlay.ms);
    const merge = time(() => mergeView(build, overlay.result));
    merges.push(merge.ms);
    merged = merge.result;
  }
  const both = overlays.map((value, index) => value + merges[index]);
  const links = merged.knowsLinks.length + merged.companyLinks.length;
  console.log(
    `${viewerId} | ${members[viewerId - 1].sharing} | ${ms(median(full))} | ${ms(median(overlays))} | ` +
      `${ms(median(merges))} | ${ms(median(both))} | ${merged.people.length.toLocaleString('en')} · ${links.toLocaleString('en')}`,
  );
}

// After a member's import: the shared build again from the last one and each viewer's overlay
// from their last one (what the service does), against poolNetwork again from the viewer's last
// pooling; all of them reuse what the import did not touch.
const imported = afterImport(members);
const rebuilds = [];
const reoverlays = [];
const repools = [];
for (let run = 0; run < RUNS; run++) {
  const again = time(() => poolWorkspace(imported, build));
  rebuilds.push(again.ms);
  const overlay = viewerOverlay(build, 1);
  reoverlays.push(time(() => mergeView(again.result, viewerOverlay(again.result, 1, overlay))).ms);
  const before = poolNetwork(1, members);
  repools.push(time(() => poolNetwork(1, imported, before.reuse)).ms);
}
console.log(
  `after member 2's import of 200, viewer 1: poolNetwork from their last ${ms(median(repools))}; ` +
    `shared build from the last ${ms(median(rebuilds))} (once), then overlay from their last + merge ` +
    `${ms(median(reoverlays))}`,
);
