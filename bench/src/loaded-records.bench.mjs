// npm run bench:loaded-records — the heap a workspace's members' records keep once loaded
// (docs/performance.md "Loaded records share their texts"): the network service's NetworkReader
// maps each member's rows into people, as a workspace build reads them. The rows are made as pg
// makes them, every field a fresh string (read out of a buffer), with a workspace's repetition:
// 25,000 companies, 2,000 titles, 150 industries, 600 places, ten years of days, one import time
// per member. No database: the reader gets the rows from a repository of the bench's own.
// Prints the heap kept per run (after a full collection, less the heap before), its per-record
// bytes, the CPU of the mapping, median of --runs (min-max), and the load average.
// `npx nx run-many -t build -p domain contracts server-kit network && npm run bench:loaded-records
// [-- --members=200 --people=5000 --runs=5]`. BENCH_NETWORK=<a services/network folder> runs
// that folder's dist (a build before a change).
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { option } from './generated-workspace.mjs';

const serviceDist = resolve(process.env.BENCH_NETWORK ?? 'services/network', 'dist/modules/graph');
const { NetworkReader } = await import(pathToFileURL(`${serviceDist}/network-reader.service.js`).href);
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc');

const MEMBERS = option('members', 200);
const PEOPLE = option('people', 5000);
const RUNS = option('runs', 5);

/** A fresh copy of a text, as pg's parser makes one per row and field. */
const fresh = (text) => (text === null ? null : Buffer.from(text).toString('utf8'));
const pick = (values, n) => values[n % values.length];
const list = (count, make) => Array.from({ length: count }, (_, i) => make(i));
const companies = list(25_000, (i) => `Company ${i} International`);
const titles = list(2000, (i) => `Senior Engineer of Area ${i}`);
const industries = list(150, (i) => `Industry number ${i}`);
const places = list(600, (i) => `City ${i}, Region, Country`);
const days = list(3650, (i) => new Date(Date.UTC(2015, 0, 1 + i)).toISOString().slice(0, 10));
const CATEGORIES = ['engineering', 'product', 'sales', 'marketing', 'executive', 'operations', 'other'];

function rows(member) {
  const createdAt = new Date(Date.UTC(2026, 10, 1, 0, 0, member)).toISOString();
  return list(PEOPLE, (i) => {
    const n = member * 7919 + i * 104_729;
    return {
      id: fresh(String(1_000_000 + member * PEOPLE + i)),
      owner_user_id: member + 1,
      first_name: fresh(`First${n % 5000}`),
      last_name: fresh(`Last${(n >> 3) % 20_000}`),
      email: i % 10 === 0 ? fresh(`person${n}@example.com`) : null,
      linkedin_url: fresh(`https://www.linkedin.com/in/person-${member}-${i}`),
      company: fresh(pick(companies, n)),
      position: fresh(pick(titles, n >> 2)),
      industry: fresh(pick(industries, n >> 4)),
      location: fresh(pick(places, n >> 5)),
      connected_on: fresh(pick(days, n >> 1)),
      category: pick(CATEGORIES, n >> 6),
      seniority: (n >> 7) % 6,
      notes: null,
      has_worked_with: i % 17 === 0,
      created_at: fresh(createdAt),
      absent_since: null,
      previous_company: null,
      previous_position: null,
      job_changed_at: null,
    };
  });
}

const summary = (values, unit) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (k) => Math.round(sorted[k]);
  return `${at(Math.floor(sorted.length / 2))} ${unit} (${at(0)}-${at(sorted.length - 1)})`;
};

console.log(
  `loaded-records: ${MEMBERS} members × ${PEOPLE} people, ${RUNS} runs` +
    (process.env.BENCH_NETWORK ? `, network service of ${process.env.BENCH_NETWORK}` : ''),
);
console.log(
  `loadavg before: ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
/** One run in a function of its own: nothing of it is reachable once it returns. */
async function oneRun() {
  let pending;
  const reader = new NetworkReader({ findNetwork: async () => pending });
  reader.maxCachedPeople = Number.MAX_SAFE_INTEGER;
  collect();
  const before = process.memoryUsage().heapUsed;
  const networks = [];
  let used = 0;
  for (let member = 0; member < MEMBERS; member++) {
    pending = { version: '1', connections: rows(member), scored: false };
    const start = process.cpuUsage();
    networks.push(await reader.current(member + 1, '1'));
    const spent = process.cpuUsage(start);
    used += (spent.user + spent.system) / 1000;
  }
  pending = undefined;
  collect();
  const records = networks.reduce((sum, network) => sum + network.people.length, 0);
  return { kept: (process.memoryUsage().heapUsed - before) / 1e6, cpu: used, records };
}

const kept = [];
const cpu = [];
for (let run = 0; run < RUNS; run++) {
  const result = await oneRun();
  kept.push(result.kept);
  cpu.push(result.cpu);
  console.log(
    `  run ${run + 1}: ${result.records} records kept ${Math.round(result.kept)} MB ` +
      `(${Math.round((result.kept * 1e6) / result.records)} B a record), mapping ${Math.round(result.cpu)} ms CPU`,
  );
}
console.log(`kept: ${summary(kept, 'MB')}; mapping CPU: ${summary(cpu, 'ms')}`);
console.log(
  `loadavg after: ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
