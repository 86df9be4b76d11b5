// k6: reads (GET /api/network and GET /api/user, READ_RATE each, 20/s) alone for DURATION, then
// the same for DURATION while IMPORTS_PER_MINUTE (2) imports of IMPORT_FILE start each minute, as
// another account: the reads' p95 with and without imports beside them.
//   k6 run -e BASE_URL=… -e WARMPATH_USERNAME=… -e WARMPATH_PASSWORD=… \
//     -e IMPORTER_USERNAME=… -e IMPORTER_PASSWORD=… -e IMPORT_FILE=Connections.csv \
//     bench/load/during-imports.js
// DURATION (1m), P95_MS (100, both phases). `npm run bench:load` workload "during-imports".
import { Trend } from 'k6/metrics';
import {
  atRate,
  importer,
  importFile,
  importFilePath,
  limits,
  num,
  reader,
  readNetwork,
  readUser,
  sessionCookie,
} from './lib/warmpath.js';

const duration = __ENV.DURATION || '1m';
const rate = num('READ_RATE', 20);
const p95 = num('P95_MS', 100);
// open() reads files in the init context only, relative to this script.
const filePath = importFilePath();
const file = { data: open(filePath, 'b'), name: filePath.split('/').pop() };
const importTime = new Trend('import_duration', true);

export const options = {
  discardResponseBodies: true,
  scenarios: {
    'network-alone': atRate('network', rate, duration),
    'user-alone': atRate('user', rate, duration),
    'network-during': { ...atRate('network', rate, duration), startTime: duration },
    'user-during': { ...atRate('user', rate, duration), startTime: duration },
    imports: { ...atRate('importOnce', num('IMPORTS_PER_MINUTE', 2), duration, '1m'), startTime: duration },
  },
  thresholds: {
    ...limits('network-alone', p95),
    ...limits('user-alone', p95),
    ...limits('network-during', p95),
    ...limits('user-during', p95),
    'checks{scenario:imports}': ['rate>0.99'],
  },
};

export function setup() {
  return { cookie: sessionCookie(reader()), importerCookie: sessionCookie(importer()) };
}

export function network(data) {
  readNetwork(data.cookie);
}

export function user(data) {
  readUser(data.cookie);
}

export function importOnce(data) {
  const started = Date.now();
  if (importFile(data.importerCookie, file.data, file.name)) importTime.add(Date.now() - started);
}
