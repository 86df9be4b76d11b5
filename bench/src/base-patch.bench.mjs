// One snapshot per workspace version (docs/workspace-network.md "One snapshot per workspace
// version: base + viewer patch"), in one process: after a member's import, the shared build once,
// the base encoded and compressed once, and per reader a patch, against today's per-reader
// overlay + merge + encoding + compression; and on the reader's side, the base decoded once and
// the patch applied, against decoding today's per-reader snapshot. Pure functions on generated
// data, no stack; CPU time (process.cpuUsage), median of the runs × readers (min-max).
// `npx nx run-many -t build -p domain contracts testing && npm run bench:base-patch
// [-- --shape=pooling|scale --readers=3 --runs=5]`: `pooling` is bench:pooling's workspace (10 ×
// 10,000 of 40,000 people, 2,000 companies, the four sharing levels in turn), `scale` is
// bench:scale's (10 members, 100,000 pooled people, 5,000 companies, everyone on `names`;
// `--mixed=1` the four levels; `--members=200 --pooled=500000 --companies=25000 --today=0` the
// 200-member workspace's version build, with `node --max-old-space-size=12000`).
import { loadavg } from 'node:os';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import {
  applyViewerPatch,
  baseNetwork,
  compactJsonInSlices,
  decodeNetwork,
  deriveCompanyLinks,
  encodeBase,
  encodeNetwork,
  mergeView,
  pooledWireNetwork,
  poolWorkspace,
  runToEnd,
  viewerOverlay,
  viewerPatch,
} from '@warmpath/domain';
import { afterImport, generatedWorkspace, option, scaleSizes, universeFor } from './generated-workspace.mjs';

const SHAPE = process.argv.find((arg) => arg.startsWith('--shape='))?.slice('--shape='.length) ?? 'pooling';
const READERS = option('readers', 3);
const RUNS = option('runs', 5);
// --today=0: only the server's steps once per version (base, compression, every patch), without
// today's per-reader snapshots and the reader's side (200 members × 500,000 people: minutes).
const TODAY = option('today', 1) !== 0;
const TEAM = 1;
const LEVELS = ['names', 'profiles', 'emails', 'counts'];

function workspace() {
  if (SHAPE === 'scale') {
    const sizes = scaleSizes(option('members', 10), option('pooled', 100_000));
    return generatedWorkspace({
      sizes,
      universe: universeFor(sizes, option('pooled', 100_000)),
      companies: option('companies', 5_000),
      sharing: option('mixed', 0) ? LEVELS : ['names'],
      positions: ['Software Engineer', 'Product Manager', 'Sales Director', 'Recruiter', 'CEO', 'Designer'],
      connectedOn: '2020-01-01',
    });
  }
  return generatedWorkspace({
    sizes: Array.from({ length: option('members', 10) }, () => option('people', 10_000)),
    universe: option('universe', 40_000),
    companies: option('companies', 2_000),
    sharing: LEVELS,
    positions: [
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
    ],
    notes: 0.05,
  });
}

/** The service's compression of a snapshot (snapshot-representations.ts): fastest above 8 MB. */
function compress(text) {
  return { br: brotli(text), gzip: gzip(text) };
}
const large = (text) => text.length > 8 * 1024 * 1024;
const brotli = (text) =>
  brotliCompressSync(text, {
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: large(text) ? 1 : 5,
      [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
      [zlib.BROTLI_PARAM_SIZE_HINT]: text.length,
    },
  });
const gzip = (text) => gzipSync(text, { level: large(text) ? 1 : 6 });

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const steps = {};
const timed = (name, step) => {
  const start = cpuMs();
  const result = step();
  (steps[name] ??= []).push(cpuMs() - start);
  return result;
};
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fmt = (values) =>
  `${median(values).toFixed(values.length && median(values) < 10 ? 1 : 0)} ms (${Math.min(...values).toFixed(1)}-${Math.max(...values).toFixed(1)})`;
const kb = (bytes) => `${(bytes / 1e3).toFixed(1)} kB`;
const mb = (bytes) => `${(bytes / 1e6).toFixed(2)} MB`;

const load = [loadavg()];
const members = workspace();
const build = poolWorkspace(members);
const imported = afterImport(members);
const viewers = Array.from({ length: Math.min(READERS, members.length) }, (_, i) => i + 1);
const firstOverlays = new Map(viewers.map((viewerId) => [viewerId, viewerOverlay(build, viewerId)]));
// The viewer's own network as the browser has it already (GET /api/network, compact, decoded).
const ownRecords = new Map(
  viewers.map((viewerId) => {
    const member = imported.find((m) => m.node.userId === viewerId);
    const own = { connections: [member.node, ...member.people], relationships: [], companies: [] };
    return [viewerId, decodeNetwork(JSON.parse(JSON.stringify(encodeNetwork(own)))).connections.slice(1)];
  }),
);
const sizes = {};
let same = null;
let sameBase = null;
let pooledPeople = 0;
for (let run = 0; run < RUNS; run++) {
  const again = timed('shared build (poolWorkspace from the last), once', () =>
    poolWorkspace(imported, build),
  );
  pooledPeople = again.persons.length;
  // Once per version, whoever reads: the base's bytes, and a reader's decoding of them.
  // The base's compact form two ways, in turns (the first one alternating between runs): a
  // network of the pool encoded, as before, and written from the pool (encodeBase); the same bytes.
  const viaNetwork = () => {
    const baseWire = timed('base: baseNetwork, once', () => baseNetwork(again, TEAM));
    return timed('base: encodeNetwork, once', () => encodeNetwork(baseWire));
  };
  const direct = () => timed('base, direct: encodeBase, once', () => encodeBase(again, TEAM));
  const [baseCompact, directCompact] =
    run % 2 === 0 ? [viaNetwork(), direct()] : (([d, v]) => [v, d])([direct(), viaNetwork()]);
  const baseText = timed('base: JSON, once', () => Buffer.from(JSON.stringify(baseCompact)));
  // Untimed: with two compact forms alive, a major collection lands on whichever step is next.
  sameBase = (sameBase ?? true) && runToEnd(compactJsonInSlices(directCompact)) === baseText.toString();
  (steps['base: baseNetwork + encodeNetwork + JSON, once'] ??= []).push(
    ['baseNetwork', 'encodeNetwork', 'JSON']
      .map((name) => steps[`base: ${name}, once`].at(-1))
      .reduce((a, b) => a + b),
  );
  (steps['base, direct: encodeBase + JSON, once'] ??= []).push(
    steps['base, direct: encodeBase, once'].at(-1) + steps['base: JSON, once'].at(-1),
  );
  const baseBytes = {
    br: timed('base: brotli, once', () => brotli(baseText)),
    gzip: timed('base: gzip, once', () => gzip(baseText)),
  };
  const base = timed('reader: JSON.parse + decodeNetwork of the base, once', () =>
    decodeNetwork(JSON.parse(baseText.toString())),
  );
  sizes.base = { text: baseText.length, br: baseBytes.br.length, gzip: baseBytes.gzip.length };
  // What a version's build does after the base: every member's patch (the service's loop).
  const patchTexts = timed("patches: every member's viewerPatch + JSON, once", () =>
    imported.map((member) => Buffer.from(JSON.stringify(viewerPatch(again, member.node.userId)))),
  );
  timed("patches: every member's brotli, once", () => patchTexts.forEach(brotli));
  timed("patches: every member's gzip, once", () => patchTexts.forEach(gzip));
  // A cold open's server work after the pooling (docs/workspace-network.md "Wiring: one build
  // across replicas"): before, the base and every patch in both encodings before any answer; now
  // the base in brotli and the asker's patch (member 1's here), the rest after the answer.
  const last = (name) => steps[name].at(-1);
  const baseSteps = last('base: baseNetwork + encodeNetwork + JSON, once') + last('base: brotli, once');
  (steps['cold open after the pooling, before: base + brotli + gzip + every patch both'] ??= []).push(
    baseSteps +
      last('base: gzip, once') +
      last("patches: every member's viewerPatch + JSON, once") +
      last("patches: every member's brotli, once") +
      last("patches: every member's gzip, once"),
  );
  const firstPatch = timed('first answer: the asker’s viewerPatch + JSON + brotli', () =>
    brotli(Buffer.from(JSON.stringify(viewerPatch(again, 1)))),
  );
  void firstPatch;
  (steps['cold open after the pooling, now: base + brotli + the asker’s patch'] ??= []).push(
    baseSteps + last('first answer: the asker’s viewerPatch + JSON + brotli'),
  );
  (steps['cold open after the pooling, now with encodeBase: base + brotli + the asker’s patch'] ??= []).push(
    last('base, direct: encodeBase + JSON, once') +
      last('base: brotli, once') +
      last('first answer: the asker’s viewerPatch + JSON + brotli'),
  );
  sizes.basePeople = base.connections.length - members.length;
  for (const viewerId of TODAY ? viewers : []) {
    // Today: every step per reader.
    const overlay = timed('today: overlay (from the last)', () =>
      viewerOverlay(again, viewerId, firstOverlays.get(viewerId)),
    );
    const pooled = timed('today: mergeView', () => mergeView(again, overlay));
    const todayText = timed('today: wire + encodeNetwork + JSON', () =>
      Buffer.from(
        JSON.stringify(encodeNetwork(pooledWireNetwork(pooled, TEAM), { companyLinksOwner: viewerId })),
      ),
    );
    const todayBytes = timed('today: brotli + gzip', () => compress(todayText));
    const decoded = timed('today, reader: JSON.parse + decodeNetwork (company links derived)', () =>
      decodeNetwork(JSON.parse(todayText.toString())),
    );
    // Base + patch: the patch per reader, applied by the reader.
    const patchText = timed('patch: viewerPatch + JSON', () =>
      Buffer.from(JSON.stringify(viewerPatch(again, viewerId))),
    );
    const patchBytes = timed('patch: brotli + gzip', () => compress(patchText));
    const applied = timed('patch, reader: JSON.parse + applyViewerPatch (company links derived)', () =>
      applyViewerPatch(base, ownRecords.get(viewerId), JSON.parse(patchText.toString())),
    );
    timed('(of which deriving company links, as above)', () =>
      deriveCompanyLinks(applied.connections.slice(members.length), viewerId),
    );
    const todayServer = [
      'overlay (from the last)',
      'mergeView',
      'wire + encodeNetwork + JSON',
      'brotli + gzip',
    ]
      .map((name) => steps[`today: ${name}`].at(-1))
      .reduce((a, b) => a + b, 0);
    (steps['today: server per reader, all of it'] ??= []).push(todayServer);
    const patchServer = steps['patch: viewerPatch + JSON'].at(-1) + steps['patch: brotli + gzip'].at(-1);
    (steps['patch: server per reader, all of it'] ??= []).push(patchServer);
    sizes[viewerId] = {
      people: pooled.people.length,
      links: decoded.relationships.length,
      own: ownRecords.get(viewerId).length,
      today: { text: todayText.length, br: todayBytes.br.length, gzip: todayBytes.gzip.length },
      patch: { text: patchText.length, br: patchBytes.br.length, gzip: patchBytes.gzip.length },
    };
    // The reader's network is today's, byte for byte once encoded (the spec pins it strictly).
    if (run === 0)
      same =
        (same ?? true) &&
        JSON.stringify(encodeNetwork(applied, { companyLinksOwner: viewerId })) === todayText.toString();
  }
  load.push(loadavg());
}
// Each step alone, ten in a row per reader on the last version: what it costs without the
// collections of the other steps' garbage, which land on whichever step allocates.
if (TODAY) {
  const last = poolWorkspace(imported, build);
  const base = decodeNetwork(JSON.parse(JSON.stringify(encodeNetwork(baseNetwork(last, TEAM)))));
  for (const viewerId of viewers) {
    const text = JSON.stringify(viewerPatch(last, viewerId));
    for (let i = 0; i < 10; i++) {
      timed('alone: viewerPatch', () => viewerPatch(last, viewerId));
      const applied = timed('alone: applyViewerPatch (company links derived)', () =>
        applyViewerPatch(base, ownRecords.get(viewerId), JSON.parse(text)),
      );
      timed('alone: (of which deriving company links)', () =>
        deriveCompanyLinks(applied.connections.slice(members.length), viewerId),
      );
    }
  }
  load.push(loadavg());
}
const loads = load.map((l) => l[0]);
console.log(
  `${SHAPE}: ${members.length} members (${[...new Set(members.map((m) => m.sharing))].join('/')}), ` +
    `${pooledPeople.toLocaleString('en')} distinct people, ${sizes.basePeople.toLocaleString('en')} in the base; ` +
    `after member 2's import of 200; median of ${RUNS} runs × ${viewers.length} readers (min-max), CPU ms; ` +
    `load average (1 min) ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)} ` +
    `(at the start ${load[0].map((l) => l.toFixed(1)).join(' ')}, at the end ${load
      .at(-1)
      .map((l) => l.toFixed(1))
      .join(' ')})`,
);
console.log(
  `base written from the pool (encodeBase) equal to encodeNetwork(baseNetwork), byte for byte: ${sameBase ? 'yes' : 'NO'}`,
);
if (TODAY)
  console.log(
    `reader's network from base + patch equal to today's, byte for byte once encoded: ${same ? 'yes' : 'NO'}`,
  );
console.log('step | CPU');
for (const [name, values] of Object.entries(steps)) console.log(`${name} | ${fmt(values)}`);
console.log(
  `base compact: ${mb(sizes.base.text)} text, ${mb(sizes.base.br)} brotli, ${mb(sizes.base.gzip)} gzip`,
);
console.log(
  'reader | sharing | own records | people · links | today: compact text · brotli · gzip | patch: text · brotli · gzip',
);
for (const viewerId of TODAY ? viewers : []) {
  const s = sizes[viewerId];
  console.log(
    `${viewerId} | ${members[viewerId - 1].sharing} | ${s.own.toLocaleString('en')} | ${s.people.toLocaleString('en')} · ${s.links.toLocaleString('en')} | ` +
      `${mb(s.today.text)} · ${mb(s.today.br)} · ${mb(s.today.gzip)} | ${kb(s.patch.text)} · ${kb(s.patch.br)} · ${kb(s.patch.gzip)}`,
  );
}
