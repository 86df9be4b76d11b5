// What the workspace benches do over HTTP against the stack (stack.mjs): authenticated calls that
// survive a socket the gateway closed, cold reads that outlast a busy build, the workspace made of
// the members, and a member's import through the real import path (docs/workspace-network.md).

import { get as httpGet } from 'node:http';

/** The compact representation the web data worker asks for (docs/network-api.md). */
export const COMPACT_MEDIA_TYPE = 'application/vnd.warmpath.network.v1+json';

export const log = (message) => process.stderr.write(`[bench] ${message}\n`);

/** A signed-in call; a status of 300 or more throws. */
export async function call(url, cookie, init = {}) {
  const request = () => fetch(url, { ...init, headers: { cookie, ...init.headers } });
  // A kept-alive socket the gateway closed while idle (seeding and load runs take minutes) fails
  // the next request on it before the gateway saw it: once more, on a fresh socket.
  const response = await request().catch((error) => {
    if (!['EPIPE', 'ECONNRESET', 'UND_ERR_SOCKET'].includes(error?.cause?.code)) throw error;
    return request();
  });
  if (response.status >= 300) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return response;
}

/** How long a read waits for its answer's headers before it asks again (the gateway's 30 s, twice). */
const READ_PATIENCE_MS = 60_000;

/**
 * A read that may find its snapshot being built. On a busy machine the build can outlast the
 * gateway's 30 s: the network service goes on building, so the read is repeated (and timed as one)
 * until it is served. A read left unanswered past READ_PATIENCE_MS is asked again too (seen at
 * load 20-28 on 2 cores). Answers any status under 300, and 304.
 */
export async function coldResponse(url, cookie, headers = {}) {
  for (;;) {
    const response = await fetch(url, {
      headers: { cookie, 'accept-encoding': 'br', ...headers },
      signal: AbortSignal.timeout(READ_PATIENCE_MS),
    }).catch((error) => {
      if (error?.name !== 'TimeoutError') throw error;
      log(`${url} did not answer in ${READ_PATIENCE_MS / 1000} s, asking again`);
      return undefined;
    });
    if (!response) continue;
    if (response.status !== 503 && response.status !== 504) {
      if (response.status >= 300 && response.status !== 304)
        throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
      return response;
    }
    log(`${url} answered ${response.status} (still building), asking again`);
    await response.arrayBuffer();
  }
}

/**
 * A read timed to the last byte on the wire, the body left compressed (`fetch` decodes brotli
 * itself, which at 500,000 people is hundreds of ms of the bench's own CPU, not the server's).
 * Answers the status, the time, the bytes received and the ETag.
 */
export function wireRead(url, cookie, headers = {}) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = httpGet(url, { headers: { cookie, 'accept-encoding': 'br', ...headers } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk) => (bytes += chunk.length));
      response.on('end', () =>
        resolve({
          status: response.statusCode,
          ms: performance.now() - started,
          bytes,
          etag: response.headers.etag,
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** The owner creates the workspace and invites everyone else, who accept. Answers its id. */
export async function createWorkspace(baseUrl, owner, others) {
  const teamId = await createEmptyWorkspace(baseUrl, owner);
  const json = { 'content-type': 'application/json' };
  for (const member of others) {
    const invited = await call(`${baseUrl}/api/teams/${teamId}/invitations`, owner.cookie, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: member.email, role: 'member' }),
    });
    const { token } = await invited.json();
    await call(`${baseUrl}/api/invitations/${token}/accept`, member.cookie, { method: 'POST' });
  }
  return teamId;
}

/** A workspace with its owner only, made through the teams API. Answers its id. */
export async function createEmptyWorkspace(baseUrl, owner, name = 'Bench workspace') {
  const created = await call(`${baseUrl}/api/teams`, owner.cookie, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  return (await created.json()).id;
}

/**
 * A real import through the API (202 at once, then followed to its end): `count` new people whose
 * first name is `New<tag>`, known to this member only.
 */
export async function importNew(baseUrl, member, count, tag) {
  const header = 'First Name,Last Name,URL,Email Address,Company,Position,Connected On';
  const rows = Array.from(
    { length: count },
    (_, i) => `New${tag},Person${i},https://www.linkedin.com/in/new-${tag}-${i},,Hooli,Engineer,24 Nov 2023`,
  );
  const form = new FormData();
  form.append('file', new Blob([[header, ...rows, ''].join('\n')], { type: 'text/csv' }), 'Connections.csv');
  const response = await call(`${baseUrl}/api/network/import/authenticated`, member.cookie, {
    method: 'POST',
    headers: { prefer: 'respond-async' },
    body: form,
  });
  const { statusUrl } = await response.json();
  for (;;) {
    const status = await (await call(new URL(statusUrl, baseUrl).href, member.cookie)).json();
    if (status.state === 'completed') return;
    if (status.state === 'failed') throw new Error(`import failed: ${JSON.stringify(status.error)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
