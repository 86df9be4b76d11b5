// Workload "anonymous-preview" (issue 17): 8 anonymous previews at once of the largest file a
// preview accepts (30,000 rows), as an attacker would send them; prints the import worker's peak
// memory and a signed-in user's GET /api/network latency meanwhile.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../../scripts/lib/infra.mjs';
import { memoryMb, resetPeak, servicePid } from './processes.mjs';
import { atFixedRate, burst, printTable, summarize } from './rate.mjs';

const PARALLEL = 8;
const ROWS = 30_000;

export const env = { IMPORT_PREVIEW_MAX_PER_CLIENT: '1000000', REGISTER_MAX_PER_CLIENT: '1000000' };

export async function run({ url, runId }) {
  const testing = join(ROOT, 'libs/testing/dist/index.js');
  if (!existsSync(testing)) throw new Error('libs/testing is not built: run npm run build first');
  const { generateLinkedInCsv } = await import(testing);
  const csv = generateLinkedInCsv(ROWS, { seed: 17 });
  const worker = servicePid(runId, 'import-worker');
  const cookie = await signedInUser(url);
  const probe = async () => {
    const response = await fetch(`${url}/api/network`, { headers: { cookie } });
    await response.arrayBuffer();
    return response.status;
  };
  let bytes = 0;
  const preview = async () => {
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'Connections.csv');
    const response = await fetch(`${url}/api/network/import`, { method: 'POST', body: form });
    bytes = Math.max(bytes, (await response.arrayBuffer()).byteLength);
    return response.status;
  };
  const before = memoryMb(worker);
  resetPeak(worker);
  const quiet = await atFixedRate(5, 5, probe);
  const [attack, underAttack] = await Promise.all([burst(PARALLEL, preview), atFixedRate(5, 10, probe)]);
  const after = memoryMb(worker);
  printTable(
    `${PARALLEL} anonymous previews of ${ROWS.toLocaleString('en')} rows (${(csv.length / 1e6).toFixed(1)} MB) at once`,
    [
      summarize('previews', attack),
      summarize('signed-in GET /api/network at 5/s, before', quiet),
      summarize('signed-in GET /api/network at 5/s, during', underAttack),
    ],
  );
  console.log(
    `\nimport worker RSS: ${before.rss.toFixed(0)} MB before, peak ${after.peak.toFixed(0)} MB during, ` +
      `${after.rss.toFixed(0)} MB after; largest answer ${(bytes / 1e6).toFixed(1)} MB`,
  );
}

async function signedInUser(url) {
  const username = `probe_${Date.now().toString(36)}`;
  const password = 'probe-password-1';
  const response = await fetch(`${url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username,
      password,
      confirmPassword: password,
      firstName: 'Pro',
      lastName: 'Be',
      email: `${username}@example.org`,
    }),
  });
  if (response.status !== 201) throw new Error(`register answered ${response.status}`);
  return response.headers.get('set-cookie').split(';')[0];
}
