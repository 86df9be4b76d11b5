import { expect, test } from '@playwright/test';
import { Objm } from '@nats-io/obj';
import { connect as natsConnect } from '@nats-io/transport-node';
import { connect, type Socket } from 'node:net';
import { describeSamples, Probe, type ProbeSample } from './support/probe.js';
import { startFaultStack, type FaultStack } from './support/fault-stack.js';
import { holdOutage } from './support/outage.js';
import { exportOf, signUp, uploadCsv } from './support/session.js';

/** A whole request (an upload's body included) must have arrived within this (UPLOAD_TIMEOUT_MS). */
const UPLOAD_TIMEOUT_MS = 6000;
/** Node checks the timeout every second (connectionsCheckingInterval), and the machine is shared. */
const ENDED_WITHIN_MS = UPLOAD_TIMEOUT_MS + 3000;
const SLOW_UPLOADS = 40;
/** Each slow upload sends this many bytes of its file a second. */
const TRICKLE_BYTES_PER_SECOND = 4;
/** Reads beside them: 95 % answered within this, every one 200. */
const READ_P95_MS = 1000;
/** The upload bucket of a stack without NATS_PREFIX (importUploadBucket). */
const UPLOAD_BUCKET = 'imports';

test.describe.configure({ mode: 'serial' });
let stack: FaultStack;
let host = '';
let port = 0;
test.beforeAll(async () => {
  stack = await startFaultStack({ env: { UPLOAD_TIMEOUT_MS: String(UPLOAD_TIMEOUT_MS) } });
  const url = new URL(stack.url);
  host = url.hostname;
  port = Number(url.port);
});
test.afterAll(async () => {
  await stack?.dispose();
});

const BOUNDARY = 'warmpath-fault-boundary';

/** The start of a multipart upload of a CSV to the import route announcing a body of `bodyBytes`. */
function uploadHead(cookie: string, bodyBytes: number): { head: string; preamble: string } {
  const preamble =
    `--${BOUNDARY}\r\ncontent-disposition: form-data; name="file"; filename="Connections.csv"\r\n` +
    `content-type: text/csv\r\n\r\n`;
  const head =
    `POST /api/network/import/authenticated HTTP/1.1\r\nhost: ${host}:${port}\r\ncookie: ${cookie}\r\n` +
    `prefer: respond-async\r\ncontent-type: multipart/form-data; boundary=${BOUNDARY}\r\n` +
    `content-length: ${bodyBytes}\r\n\r\n`;
  return { head, preamble };
}

interface RawAnswer {
  /** The status line's code; 0 when the connection ended without an answer. */
  status: number;
  body: string;
  /** From the first byte sent to the connection's end. */
  ms: number;
}

/** Reads what the server answers on `socket` until it closes the connection. */
function answerOf(socket: Socket, startedAt: number): Promise<RawAnswer> {
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve) => {
    socket.once('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, body: text.slice(text.indexOf('\r\n\r\n') + 4), ms: Date.now() - startedAt });
    });
    socket.on('error', () => undefined);
  });
}

/** An upload that sends its file a few bytes a second, as a stalled mobile link or a slowloris would. */
async function trickleUpload(cookie: string): Promise<RawAnswer> {
  const file = 'First Name,Last Name,URL,Email Address,Company,Position,Connected On\n'.repeat(20);
  // Announced whole (the file and the closing boundary); the trickle never gets that far.
  const { head, preamble } = uploadHead(cookie, 4 * 1024);
  const socket = connect(port, host);
  const startedAt = Date.now();
  const answer = answerOf(socket, startedAt);
  socket.write(head + preamble);
  let sent = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || sent >= file.length) return clearInterval(timer);
    socket.write(file.slice(sent, sent + TRICKLE_BYTES_PER_SECOND));
    sent += TRICKLE_BYTES_PER_SECOND;
  }, 1000);
  const result = await answer;
  clearInterval(timer);
  return result;
}

const p95 = (samples: ProbeSample[]) => {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0;
};

/** The ids of the user's imports. */
async function importsOf(api: { get(url: string): Promise<{ json(): Promise<unknown> }> }) {
  return ((await (await api.get('/api/imports')).json()) as { imports: { id: string }[] }).imports.map(
    (entry) => entry.id,
  );
}

/** Bytes the upload bucket holds (its stream: objects' chunks and metadata). */
async function bucketBytes(): Promise<number> {
  const nc = await natsConnect({ servers: stack.nats.url.replace(/^nats:\/\//, '') });
  try {
    return (await (await new Objm(nc).open(UPLOAD_BUCKET)).status()).size;
  } finally {
    await nc.close();
  }
}

test(`${SLOW_UPLOADS} uploads trickling a few bytes a second are ended 408 at the upload timeout while reads answer as usual`, async ({
  playwright,
}) => {
  test.setTimeout(90_000);
  const api = await playwright.request.newContext({ baseURL: stack.url });
  const { cookie } = await signUp(api);
  const user = new Probe(`${stack.url}/api/user`, { headers: { cookie } }).start();
  const network = new Probe(`${stack.url}/api/network`, { headers: { cookie } }).start();
  // The same reads without the slow uploads first, for the log (the machine's own pace).
  const quietFrom = Date.now();
  await holdOutage(user, quietFrom, 3000);

  const startedAt = Date.now();
  const answers = await Promise.all(Array.from({ length: SLOW_UPLOADS }, () => trickleUpload(cookie)));
  const endedAt = Date.now();
  await Promise.all([user.stop(), network.stop()]);

  // Every slow upload is ended by the server with the envelope's 408, none left hanging.
  for (const answer of answers) {
    expect(answer.status, answer.body).toBe(408);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'REQUEST_TIMEOUT', statusCode: 408 });
    expect(answer.ms).toBeLessThan(ENDED_WITHIN_MS);
  }
  // Meanwhile the same user's reads answered, and fast.
  for (const probe of [user, network]) {
    const during = probe.between(startedAt, endedAt);
    expect(during.length).toBeGreaterThan(10);
    expect(
      during.every((s) => s.status === 200),
      describeSamples(during),
    ).toBe(true);
    expect(p95(during), describeSamples(during)).toBeLessThan(READ_P95_MS);
  }
  // None of them left an import behind, and an upload at a usual pace goes through.
  expect(await importsOf(api)).toEqual([]);
  expect((await uploadCsv(api, exportOf(20))).status()).toBe(202);
  console.log(
    `${SLOW_UPLOADS} slow uploads: 408 after ${Math.min(...answers.map((a) => a.ms))}-${Math.max(...answers.map((a) => a.ms))} ms; ` +
      `GET /api/user ${describeSamples(user.between(startedAt, endedAt))}; ` +
      `GET /api/network ${describeSamples(network.between(startedAt, endedAt))}; ` +
      `before them: GET /api/user ${describeSamples(user.between(quietFrom, startedAt))}, ` +
      `GET /api/network ${describeSamples(network.between(quietFrom, startedAt))}`,
  );
  await api.dispose();
});

test('an upload whose client goes away mid-body leaves no import and no stored bytes, and the next upload works', async ({
  playwright,
}) => {
  test.setTimeout(90_000);
  const api = await playwright.request.newContext({ baseURL: stack.url });
  const { cookie } = await signUp(api);
  // One upload first, so the bucket exists and its size has a baseline.
  expect((await uploadCsv(api, exportOf(10, 3))).status()).toBe(202);
  await expect.poll(async () => (await importsOf(api)).length).toBe(1);
  const importsBefore = await importsOf(api);
  const before = await bucketBytes();

  // 2 MB announced, 768 KB sent (several object chunks stored), then the connection is destroyed.
  const file = exportOf(20_000, 5);
  const partBytes = 768 * 1024;
  const { head, preamble } = uploadHead(cookie, 2 * 1024 * 1024);
  const socket = connect(port, host);
  const answer = answerOf(socket, Date.now());
  socket.write(head + preamble + file.slice(0, partBytes));
  await expect.poll(bucketBytes, { timeout: 20_000 }).toBeGreaterThan(before + 256 * 1024);
  socket.destroy();
  expect((await answer).status).toBe(0);

  // What had arrived is removed, and no import was recorded.
  await expect.poll(bucketBytes, { timeout: 10_000 }).toBeLessThan(before + 4 * 1024);
  expect(await importsOf(api)).toEqual(importsBefore);
  // The next upload of the same file goes through and completes.
  const next = await uploadCsv(api, file);
  expect(next.status()).toBe(202);
  const { id } = (await next.json()) as { id: string };
  await expect
    .poll(async () => ((await (await api.get(`/api/imports/${id}`)).json()) as { state: string }).state, {
      timeout: 60_000,
    })
    .toBe('completed');
  console.log(
    `aborted upload: bucket ${before} bytes before, ${await bucketBytes()} after; next upload completed`,
  );
  await api.dispose();
});
