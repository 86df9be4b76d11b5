// Workload "large-imports" (issue 17): signed-in imports of the largest file the gateway accepts
// (85,000 rows, 9.6 MB, under the 10 MiB IMPORT_MAX_FILE_BYTES), one user after another, then both into the
// same network again (the staged merge); prints the network service's and the import worker's
// memory, from which their Kubernetes limits are set.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../../scripts/lib/infra.mjs';
import { memoryMb, resetPeak, servicePid } from './processes.mjs';

const ROWS = 85_000;
const USERS = 3;

export const env = { REGISTER_MAX_PER_CLIENT: '1000000' };

export async function run({ url, runId }) {
  const testing = join(ROOT, 'libs/testing/dist/index.js');
  if (!existsSync(testing)) throw new Error('libs/testing is not built: run npm run build first');
  const { generateLinkedInCsv } = await import(testing);
  const csv = generateLinkedInCsv(ROWS, { seed: 85 });
  const pids = { network: servicePid(runId, 'network'), 'import-worker': servicePid(runId, 'import-worker') };
  const before = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, memoryMb(pid)]));
  for (const pid of Object.values(pids)) resetPeak(pid);
  const started = performance.now();
  for (let i = 0; i < USERS; i += 1) {
    const cookie = await register(url, i);
    await importFile(url, cookie, csv); // a first import
    await importFile(url, cookie, csv); // the same people again: staged and merged
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

async function register(url, i) {
  const username = `bulk_${i}_${Date.now().toString(36)}`;
  const password = 'bulk-password-1';
  const response = await fetch(`${url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username,
      password,
      confirmPassword: password,
      firstName: 'Bulk',
      lastName: `User${i}`,
      email: `${username}@example.org`,
    }),
  });
  if (response.status !== 201) throw new Error(`register answered ${response.status}`);
  return response.headers.get('set-cookie').split(';')[0];
}

/** Uploads with `Prefer: respond-async`, then polls the import until it ends. */
async function importFile(url, cookie, csv) {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'Connections.csv');
  const response = await fetch(`${url}/api/network/import/authenticated`, {
    method: 'POST',
    headers: { cookie, prefer: 'respond-async' },
    body: form,
  });
  if (response.status !== 202)
    throw new Error(`import answered ${response.status}: ${await response.text()}`);
  const { id } = await response.json();
  for (;;) {
    const status = await (await fetch(`${url}/api/imports/${id}`, { headers: { cookie } })).json();
    if (status.state === 'completed') return;
    if (status.state === 'failed') throw new Error(`import failed: ${JSON.stringify(status.error)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
