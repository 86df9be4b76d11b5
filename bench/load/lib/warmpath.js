// What the k6 scripts share: the target, accounts from the environment, signing in, the requests
// of each workload, and the scenario and threshold shapes. k6 runs this (not Node): see
// docs/operations.md, "Load testing a deployment".
import { check, fail, sleep } from 'k6';
import exec from 'k6/execution';
import http from 'k6/http';

export const BASE_URL = (__ENV.BASE_URL || 'http://localhost:3000').replace(/\/$/, '');

/** A number from the environment, or `fallback`. */
export function num(name, fallback) {
  const value = __ENV[name];
  return value === undefined || value === '' ? fallback : Number(value);
}

/** The account whose network is read: WARMPATH_USERNAME and WARMPATH_PASSWORD. */
export function reader() {
  const username = __ENV.WARMPATH_USERNAME;
  const password = __ENV.WARMPATH_PASSWORD;
  if (!username || !password) fail('set WARMPATH_USERNAME and WARMPATH_PASSWORD (the account to read as)');
  return { username, password };
}

/** Accounts to sign in as: SIGN_IN_USERS="name:password,name:password", else the reader. */
export function signInUsers() {
  if (!__ENV.SIGN_IN_USERS) return [reader()];
  return __ENV.SIGN_IN_USERS.split(',').map((pair) => {
    const at = pair.indexOf(':');
    return { username: pair.slice(0, at), password: pair.slice(at + 1) };
  });
}

const JSON_HEADERS = { 'Content-Type': 'application/json' };

/** POST /api/login; answers the response (200 sets the session cookie). */
export function login(user, tags) {
  return http.post(`${BASE_URL}/api/login`, JSON.stringify(user), {
    headers: JSON_HEADERS,
    responseType: 'none',
    tags: { name: 'POST /api/login', ...tags },
  });
}

/**
 * Signs in and answers the Cookie header to send: `warmpath_session` over HTTP,
 * `__Host-warmpath_session` over HTTPS. For setup(): fails the run when sign-in does not work.
 */
export function sessionCookie(user) {
  const response = login(user);
  if (response.status !== 200) fail(`sign-in as ${user.username} answered ${response.status}`);
  for (const name of Object.keys(response.cookies)) {
    if (name.endsWith('warmpath_session')) return `${name}=${response.cookies[name][0].value}`;
  }
  return fail('sign-in answered 200 without a session cookie');
}

/** GET /api/network with brotli, as the browser asks for it. */
export function readNetwork(cookie) {
  const response = http.get(`${BASE_URL}/api/network`, {
    headers: { Cookie: cookie, 'Accept-Encoding': 'br, gzip' },
    responseType: 'none',
    tags: { name: 'GET /api/network' },
  });
  check(response, { 'network 200': (r) => r.status === 200 });
}

/** GET /api/user. */
export function readUser(cookie) {
  const response = http.get(`${BASE_URL}/api/user`, {
    headers: { Cookie: cookie },
    responseType: 'none',
    tags: { name: 'GET /api/user' },
  });
  check(response, { 'user 200': (r) => r.status === 200 });
}

/** One sign-in of the next account in turn. */
export function signInOnce(users) {
  const response = login(users[exec.scenario.iterationInTest % users.length]);
  check(response, { 'sign-in 200': (r) => r.status === 200 });
}

/**
 * Imports `file` (from open(path, 'b')) as the session `cookie` with `Prefer: respond-async`, then
 * polls the import until it ends (IMPORT_TIMEOUT_S, 300, at most); answers true when it completed.
 */
export function importFile(cookie, file, filename) {
  const response = http.post(
    `${BASE_URL}/api/network/import/authenticated`,
    { file: http.file(file, filename, 'text/csv') },
    {
      headers: { Cookie: cookie, Prefer: 'respond-async' },
      responseType: 'text',
      tags: { name: 'POST import' },
    },
  );
  if (!check(response, { 'import 202': (r) => r.status === 202 })) return false;
  const statusUrl = `${BASE_URL}${response.json('statusUrl')}`;
  const deadline = Date.now() + num('IMPORT_TIMEOUT_S', 300) * 1000;
  for (;;) {
    sleep(1);
    if (Date.now() > deadline) return check(null, { 'import completed': () => false });
    const status = http.get(statusUrl, {
      headers: { Cookie: cookie },
      responseType: 'text',
      tags: { name: 'GET /api/imports/{id}' },
    });
    const state = status.status === 200 ? status.json('state') : undefined;
    if (state === 'completed' || state === 'failed')
      return check(status, { 'import completed': () => state === 'completed' });
  }
}

/** A constant-arrival-rate scenario: `rate` iterations per `timeUnit`, whatever the answers take. */
export function atRate(exec, rate, duration, timeUnit = '1s') {
  return {
    executor: 'constant-arrival-rate',
    exec,
    rate,
    timeUnit,
    duration,
    preAllocatedVUs: Math.max(5, Math.ceil(rate * 2)),
    maxVUs: Math.max(50, Math.ceil(rate * 20)),
  };
}

/** p95 under `p95Ms` and under 1 % failed requests, for the requests of `scenario`. */
export function limits(scenario, p95Ms) {
  return {
    [`http_req_duration{scenario:${scenario}}`]: [`p(95)<${p95Ms}`],
    [`http_req_failed{scenario:${scenario}}`]: ['rate<0.01'],
  };
}

/**
 * The mixed load of about `total` requests a second (40 % GET /api/network, 55 % GET /api/user,
 * 5 % sign-in, as `npm run bench:load` mixes them): scenarios `<prefix>network`, `<prefix>user`,
 * `<prefix>sign-in`, starting after `startTime`.
 */
export function mixScenarios(total, duration, prefix = '', startTime = '0s') {
  const signIn = Math.max(1, Math.round(total * 0.05));
  const network = Math.max(1, Math.round(total * 0.4));
  const user = Math.max(1, total - network - signIn);
  return {
    [`${prefix}network`]: { ...atRate('network', network, duration), startTime },
    [`${prefix}user`]: { ...atRate('user', user, duration), startTime },
    [`${prefix}sign-in`]: { ...atRate('signIn', signIn, duration), startTime },
  };
}

/** The path of the file to import (IMPORT_FILE, a LinkedIn Connections.csv; absolute, or relative to bench/load/). */
export function importFilePath() {
  return __ENV.IMPORT_FILE || fail('set IMPORT_FILE to a LinkedIn Connections.csv to import');
}

/** The account that imports (IMPORTER_USERNAME, IMPORTER_PASSWORD): not the reader, whose network stays as it is. */
export function importer() {
  const username = __ENV.IMPORTER_USERNAME;
  const password = __ENV.IMPORTER_PASSWORD;
  if (!username || !password) fail('set IMPORTER_USERNAME and IMPORTER_PASSWORD (the account that imports)');
  return { username, password };
}
