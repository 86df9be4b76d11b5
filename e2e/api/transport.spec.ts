import { expect, test } from '@playwright/test';
import { generateLinkedInCsv } from '@warmpath/testing';
import { connect } from 'node:net';
import { requestFrom } from '../support/client-address.js';
import { ownGateway } from '../support/stack-control.js';
import { newUser, registerUser } from '../support/users.js';
import { present } from '../support/present.js';

// Timeouts, malformed requests and the session cookie over HTTPS, on a gateway of this file's own
// with short budgets (idle REQUEST_TIMEOUT_MS 2 s, total UPLOAD_TIMEOUT_MS 8 s) behind a trusted
// proxy, beside the shared one (docs/developer-guide.md#the-loop).

const PROXY = '127.0.0.12';

/** This file's gateway, with the short budgets and the proxy. */
let gateway: { url: string; stop(): Promise<void> };
const at = (path: string) => `${gateway.url}${path}`;

/** Writes `head`, then `chunks` one every `everyMs`; answers everything the server sent until it closed. */
function trickle(head: string, chunks: Buffer[], everyMs: number): Promise<string> {
  const { hostname, port } = new URL(gateway.url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    let answer = '';
    socket.on('data', (data) => (answer += data.toString('utf8')));
    socket.on('close', () => {
      clearInterval(timer);
      resolve(answer);
    });
    socket.on('error', (error) => (answer ? undefined : reject(error)));
    socket.write(head);
    const timer = setInterval(() => {
      const chunk = chunks.shift();
      if (chunk && !socket.destroyed) socket.write(chunk);
      else clearInterval(timer);
    }, everyMs);
  });
}

/** The last HTTP answer in a raw exchange: its status and JSON body. */
function lastAnswer(raw: string): { status: number; body: Record<string, unknown> } {
  const answers = raw.split(/(?=HTTP\/1\.1 \d{3})/);
  const last = present(answers.at(-1), 'an HTTP answer');
  const [head = '', body = ''] = last.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), body: JSON.parse(body) };
}

test.describe('transport', () => {
  test.beforeAll(async () => {
    gateway = await ownGateway({ TRUST_PROXY: PROXY, REQUEST_TIMEOUT_MS: '2000', UPLOAD_TIMEOUT_MS: '8000' });
  });
  test.afterAll(() => gateway?.stop());

  test('an upload slower than the idle timeout but steady succeeds', async ({ request }) => {
    await registerUser(request, newUser());
    const cookie = (await request.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const boundary = 'slowupload';
    const body = Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="Connections.csv"\r\n` +
        `content-type: text/csv\r\n\r\n${generateLinkedInCsv(200, { seed: 2 })}\r\n--${boundary}--\r\n`,
    );
    // 10 slices, one every 500 ms: 5 s in all, over twice the 2 s idle budget, never idle that long.
    const slices = Array.from({ length: 10 }, (_, i) =>
      body.subarray(Math.floor((i * body.length) / 10), Math.floor(((i + 1) * body.length) / 10)),
    );
    const head =
      `POST /api/network/import/authenticated HTTP/1.1\r\nhost: x\r\ncookie: ${cookie}\r\nconnection: close\r\n` +
      `content-type: multipart/form-data; boundary=${boundary}\r\ncontent-length: ${body.length}\r\n\r\n`;
    const answer = lastAnswer(await trickle(head, slices, 500));
    expect(answer.status).toBe(200);
    expect((answer.body.connections as unknown[]).length).toBe(201);
  });

  test('a request still arriving after the total budget gets a 408 in the error envelope', async () => {
    const head =
      'POST /api/login HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n';
    // One byte a second: never idle for 2 s, but 1,000 bytes would take 1,000 s.
    const answer = lastAnswer(
      await trickle(
        head,
        Array.from({ length: 20 }, () => Buffer.from(' ')),
        1000,
      ),
    );
    expect(answer.status).toBe(408);
    expect(answer.body).toMatchObject({
      statusCode: 408,
      code: 'REQUEST_TIMEOUT',
      requestId: expect.any(String),
    });
    expect(answer.body.message).toMatch(/took too long to arrive/);
  });

  test('a body longer than its Content-Length gets a 400 in the error envelope', async () => {
    const json = '{"username":"someone","password":"secret1"}';
    const head = `POST /api/login HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 5\r\n\r\n${json}`;
    const answer = lastAnswer(await trickle(head, [], 100));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      requestId: expect.any(String),
    });
  });

  test('over HTTPS the session cookie is __Host- prefixed and Secure, and a plain one is not read', async ({
    request,
  }) => {
    const { user } = await registerUser(request, newUser());
    const https = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.20' };
    const login = await requestFrom(
      PROXY,
      'POST',
      at('/api/login'),
      { username: user.username, password: user.password },
      https,
    );
    expect(login.status).toBe(200);
    expect(login.setCookie).toMatch(
      /^__Host-warmpath_session=[\w-]+; Max-Age=\d+; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    );
    const id = login.cookie!.split('=')[1];
    const asHost = await requestFrom(PROXY, 'GET', at('/api/user'), undefined, {
      ...https,
      cookie: `__Host-warmpath_session=${id}`,
    });
    expect(asHost.status).toBe(200);
    const tossed = await requestFrom(PROXY, 'GET', at('/api/user'), undefined, {
      ...https,
      cookie: `warmpath_session=${id}`,
    });
    expect(tossed.status).toBe(401);
    // Over plain HTTP (no proxy saying otherwise) the cookie keeps its plain name and no Secure flag.
    const plain = await requestFrom('127.0.0.13', 'POST', at('/api/login'), {
      username: user.username,
      password: user.password,
    });
    expect(plain.setCookie).toMatch(
      /^warmpath_session=[\w-]+; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/,
    );
  });
});
