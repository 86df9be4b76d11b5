// Workload "anonymous-preview" (docs/performance.md#load-npm-run-benchload): 8 anonymous previews
// at once of the largest file a preview accepts (30,000 rows), as an attacker would send them;
// prints the import worker's peak memory and a signed-in user's GET /api/network latency meanwhile.
import { generateLinkedInCsv } from '@warmpath/testing';
import { memoryMb, resetPeak } from '../processes.mjs';
import { registerUser } from '../stack.mjs';
import { atFixedRate, burst, printTable, summarize } from './rate.mjs';

const PARALLEL = 8;
const ROWS = 30_000;

export const env = { IMPORT_PREVIEW_MAX_PER_CLIENT: '1000000', REGISTER_MAX_PER_CLIENT: '1000000' };

export async function run({ stack }) {
  const { url } = stack;
  const csv = generateLinkedInCsv(ROWS, { seed: 17 });
  const worker = stack.pids()['import-worker'];
  const { cookie } = await registerUser(url, 'probe');
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
