// Workload "large-imports" (docs/performance.md#load-npm-run-benchload): signed-in imports of the
// largest file the gateway accepts (85,000 rows, 9.6 MB, under the 10 MiB IMPORT_MAX_FILE_BYTES),
// one user after another, then both into the same network again (the staged merge); prints the
// network service's and the import worker's memory, from which their Kubernetes limits are set.
import { generateLinkedInCsv } from '@warmpath/testing';
import { byService, memoryMb, resetPeak } from '../processes.mjs';
import { importCsv, registerUser } from '../stack.mjs';

const ROWS = 85_000;
const USERS = 3;

export const env = { REGISTER_MAX_PER_CLIENT: '1000000' };

export async function run({ stack }) {
  const { url } = stack;
  const csv = generateLinkedInCsv(ROWS, { seed: 85 });
  const { network, 'import-worker': worker } = stack.pids();
  const pids = { network, 'import-worker': worker };
  const before = byService(pids, memoryMb);
  for (const pid of Object.values(pids)) resetPeak(pid);
  const started = performance.now();
  for (let i = 0; i < USERS; i += 1) {
    const { cookie } = await registerUser(url, `bulk${i}`);
    await importCsv(url, cookie, csv); // a first import
    await importCsv(url, cookie, csv); // the same people again: staged and merged
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `\n${USERS} users × 2 imports of ${ROWS.toLocaleString('en')} rows (${(csv.length / 1e6).toFixed(1)} MB) in ${seconds.toFixed(0)} s\n`,
  );
  console.log('| service | RSS before | peak (VmHWM) | RSS after |');
  console.log('|---|---:|---:|---:|');
  for (const [name, pid] of Object.entries(pids)) {
    const after = memoryMb(pid);
    console.log(
      `| ${name} | ${before[name].rss.toFixed(0)} MB | ${after.peak.toFixed(0)} MB | ${after.rss.toFixed(0)} MB |`,
    );
  }
}
