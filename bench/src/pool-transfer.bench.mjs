// Is loading a workspace's shared build from Redis cheaper than building it? The build
// (poolWorkspace) against its v8 serialisation, compressed, and the way back
// (docs/workspace-network.md "One build at a time across replicas": it is not). Pure functions on the generated
// workspace of bench:pooling, no stack: `npx nx run domain:build && npm run bench:pool-transfer
// [-- --members=10 --people=10000 --universe=40000 --companies=2000 --runs=3]`.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { deserialize, serialize } from 'node:v8';
import { gunzipSync, gzipSync, constants } from 'node:zlib';
import { poolWorkspace } from '@warmpath/domain';
import { generatedWorkspace, option } from './generated-workspace.mjs';

const MEMBERS = option('members', 10);
const PEOPLE = option('people', 10_000);
const UNIVERSE = option('universe', 40_000);
const COMPANIES = option('companies', 2_000);
const RUNS = option('runs', 3);
const SHARING = ['names', 'profiles', 'emails', 'counts'];
const POSITIONS = [
  'Software Engineer',
  'Senior Software Engineer',
  'Product Manager',
  'Sales Director',
  'CEO',
];

/** bench:pooling's workspace: members know PEOPLE each of UNIVERSE, companies of falling sizes. */
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
const ms = (value) => `${value.toFixed(0)} ms`;
const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;

const members = workspace();
const records = members.reduce((sum, member) => sum + member.people.length, 0);
const rows = { build: [], serialise: [], gzip: [], gunzip: [], deserialise: [] };
let raw;
let packed;
let persons = 0;
for (let run = 0; run < RUNS; run++) {
  const build = time(() => poolWorkspace(members));
  persons = build.result.persons.length;
  rows.build.push(build.ms);
  const bytes = time(() => serialize(build.result));
  raw = bytes.result;
  rows.serialise.push(bytes.ms);
  const zipped = time(() => gzipSync(raw, { level: constants.Z_BEST_SPEED }));
  packed = zipped.result;
  rows.gzip.push(zipped.ms);
  const unzipped = time(() => gunzipSync(packed));
  rows.gunzip.push(unzipped.ms);
  rows.deserialise.push(time(() => deserialize(unzipped.result)).ms);
}
const load = rows.gunzip.map((value, index) => value + rows.deserialise[index]);
const store = rows.serialise.map((value, index) => value + rows.gzip[index]);
console.log(
  `${MEMBERS} members × ${PEOPLE.toLocaleString('en')} records (${records.toLocaleString('en')} in all, ` +
    `${persons.toLocaleString('en')} distinct people), median of ${RUNS}; load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}`,
);
console.log(
  `build ${ms(median(rows.build))} | store: serialise ${ms(median(rows.serialise))} + gzip-1 ${ms(median(rows.gzip))} = ${ms(median(store))} | ` +
    `load: gunzip ${ms(median(rows.gunzip))} + deserialise ${ms(median(rows.deserialise))} = ${ms(median(load))} | ` +
    `bytes ${mb(raw.length)} raw, ${mb(packed.length)} gzip-1`,
);
