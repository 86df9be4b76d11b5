// k6: the mixed load (see mix.js) at RATE (20) requests a second in all for DURATION (10m), with
// IMPORTS_PER_MINUTE (2) imports of IMPORT_FILE by another account. k6 sees latency and errors;
// memory is the deployment's to watch meanwhile: every service's `process_resident_memory_bytes`
// on its /metrics (or `kubectl top pod`), and Redis' `used_memory` (INFO memory) before, during
// and after. Flat is the target (docs/operations.md, "Load testing a deployment").
//   k6 run -e BASE_URL=… -e WARMPATH_USERNAME=… -e WARMPATH_PASSWORD=… -e SIGN_IN_USERS=… \
//     -e IMPORTER_USERNAME=… -e IMPORTER_PASSWORD=… -e IMPORT_FILE=Connections.csv bench/load/soak.js
// P95_MS (reads, 100), SIGN_IN_P95_MS (1000). `npm run bench:load` workload "soak".
import {
  atRate,
  importer,
  importFile,
  importFilePath,
  limits,
  mixScenarios,
  num,
  reader,
  readNetwork,
  readUser,
  sessionCookie,
  signInOnce,
  signInUsers,
} from './lib/warmpath.js';

const duration = __ENV.DURATION || '10m';
// open() reads files in the init context only, relative to this script.
const filePath = importFilePath();
const file = { data: open(filePath, 'b'), name: filePath.split('/').pop() };

export const options = {
  discardResponseBodies: true,
  scenarios: {
    ...mixScenarios(num('RATE', 20), duration),
    imports: atRate('importOnce', num('IMPORTS_PER_MINUTE', 2), duration, '1m'),
  },
  thresholds: {
    ...limits('network', num('P95_MS', 100)),
    ...limits('user', num('P95_MS', 100)),
    ...limits('sign-in', num('SIGN_IN_P95_MS', 1000)),
    'checks{scenario:imports}': ['rate>0.99'],
  },
};

const users = signInUsers();

export function setup() {
  return { cookie: sessionCookie(reader()), importerCookie: sessionCookie(importer()) };
}

export function network(data) {
  readNetwork(data.cookie);
}

export function user(data) {
  readUser(data.cookie);
}

export function signIn() {
  signInOnce(users);
}

export function importOnce(data) {
  importFile(data.importerCookie, file.data, file.name);
}
