import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { startFaultStack, type FaultStack } from './support/fault-stack.js';
import { ModelServer } from './support/model-server.js';
import { signUp } from './support/session.js';

/** The model budget of this stack: short, so the hang scenario is short too. */
const AI_TIMEOUT_MS = 3000;
/** The ai service's answer comes within its budget; the margin is the bus and the machine. */
const HANG_ANSWER_MS = AI_TIMEOUT_MS + 1500;
/** A refusal the ai service does not wait out (the model asked for 30 s). */
const BUSY_ANSWER_MS = 1000;
/** A 20 MB answer, past any intro: it must be refused while it arrives, not buffered. */
const HUGE_BYTES = 20 * 1024 * 1024;
/** The ai service's peak memory may grow this much from the huge answers (it reads 256 KiB of each). */
const HUGE_PEAK_GROWTH_BYTES = 16 * 1024 * 1024;

test.describe.configure({ mode: 'serial' });
let stack: FaultStack;
let api: APIRequestContext;
const model = new ModelServer();

test.beforeAll(async ({ playwright }) => {
  const url = await model.start();
  stack = await startFaultStack({
    env: {
      AI_BASE_URL: url,
      AI_MODEL: 'fault-model',
      AI_TIMEOUT_MS: String(AI_TIMEOUT_MS),
      AI_MAX_PER_MINUTE_PER_USER: '1000',
    },
  });
  api = await playwright.request.newContext({ baseURL: stack.url });
  await signUp(api);
});
test.afterAll(async () => {
  await api?.dispose();
  await stack?.dispose();
  await model.dispose();
});

const introRequest = {
  user: { name: 'Sam Doe', position: 'Founder', company: 'Initech' },
  intermediary: { name: 'Ana Lima', position: 'CTO', company: 'Hooli' },
  target: { name: 'Ben Park', position: 'Head of Sales', company: 'Globex', connectionType: '2nd' },
};

async function askIntro(): Promise<{
  status: number;
  ms: number;
  retryAfter?: string;
  body: Record<string, unknown>;
}> {
  const started = Date.now();
  const response = await api.post('/api/network/generate-warm-intro', {
    data: introRequest,
    timeout: 60_000,
  });
  return {
    status: response.status(),
    ms: Date.now() - started,
    retryAfter: response.headers()['retry-after'],
    body: (await response.json()) as Record<string, unknown>,
  };
}

/** Peak resident memory of a process (VmHWM, Linux), in bytes. */
function peakRssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmHWM:\s+(\d+) kB/m);
  return Number(line?.[1] ?? 0) * 1024;
}

test('the model hanging: 504 with a clear message within the AI timeout (3 s here), never a dropped connection', async () => {
  model.mood = { kind: 'hang' };
  const answer = await askIntro();
  expect(answer).toMatchObject({
    status: 504,
    body: { code: 'SERVICE_TIMEOUT', message: 'The AI service did not answer in time. Please try again.' },
  });
  expect(answer.ms).toBeGreaterThanOrEqual(AI_TIMEOUT_MS);
  expect(answer.ms).toBeLessThan(HANG_ANSWER_MS);
  console.log(`model hanging: 504 after ${answer.ms} ms`);
});

test("the model answering 429 with Retry-After: 503 at once with the model's Retry-After and a clear message", async () => {
  model.mood = { kind: 'busy', retryAfterSeconds: 30 };
  const before = model.requests;
  const answer = await askIntro();
  expect(answer).toMatchObject({
    status: 503,
    retryAfter: '30',
    body: { code: 'SERVICE_UNAVAILABLE', message: 'The AI service is busy. Please try again in a moment.' },
  });
  expect(answer.ms).toBeLessThan(BUSY_ANSWER_MS);
  // Not asked again behind the user's back: the model said when it has room.
  expect(model.requests - before).toBe(1);
  console.log(
    `model busy (429, Retry-After 30): 503 after ${answer.ms} ms, Retry-After ${answer.retryAfter}`,
  );
});

test('a malformed answer: 502 "unusable answer"', async () => {
  model.mood = { kind: 'malformed' };
  expect(await askIntro()).toMatchObject({
    status: 502,
    body: { code: 'UPSTREAM_FAILED', message: 'The AI service returned an unusable answer.' },
  });
});

test('huge answers (20 MB): 502 "unusable answer", read no further than the cap; the ai service neither crashes nor bloats', async () => {
  test.setTimeout(120_000);
  const pid = stack.pidOf('ai') as number;
  // One answer first, so the baseline counts the client's own warm-up.
  model.mood = { kind: 'answer', content: 'Hi Ana, could you introduce me to Ben at Globex? Thank you!' };
  expect((await askIntro()).status).toBe(200);
  const peakBefore = peakRssOf(pid);

  model.mood = { kind: 'huge', bytes: HUGE_BYTES };
  for (let i = 0; i < 3; i += 1) {
    expect(await askIntro()).toMatchObject({
      status: 502,
      body: { code: 'UPSTREAM_FAILED', message: 'The AI service returned an unusable answer.' },
    });
  }
  const growth = peakRssOf(pid) - peakBefore;

  model.mood = { kind: 'answer', content: 'Hi Ana, could you introduce me to Ben at Globex? Thank you!' };
  expect((await askIntro()).status).toBe(200);
  expect(stack.pidOf('ai')).toBe(pid);
  expect(stack.restarts).toEqual([]);
  expect(growth).toBeLessThan(HUGE_PEAK_GROWTH_BYTES);
  console.log(
    `model answers of 20 MB: 502 each, the ai service's peak memory grew ${(growth / 1048576).toFixed(1)} MB`,
  );
});
