import { expect, test } from '@playwright/test';
import { natsForStack, startService, stopService, waitForHealth } from '../support/stack-control.js';

// Runs alone, no other spec beside it (docs/developer-guide.md#the-loop): it stops and starts
// services of the shared stack. Health with every service up: health-up.spec.ts.
test.describe.configure({ lock: '-exclusive-' });

test('a stopped service makes /api/health answer 503 naming it within 2 s, and recovers when it is back', async () => {
  await stopService('teams');
  const started = Date.now();
  const down = await fetch(`${process.env.WARMPATH_URL}/api/health`);
  expect(Date.now() - started).toBeLessThan(2000);
  expect(down.status).toBe(503);
  const body = await down.json();
  expect(body.missing).toEqual(['teams']);
  expect(body.services.auth.status).toBe('up');

  await startService('teams');
  const recovered = await waitForHealth((status) => status === 200);
  expect(recovered.status).toBe(200);
});

test('a service that does not answer becomes a 504 JSON error, not a hang', async ({ request }) => {
  await stopService('auth');
  const { nc, subject } = await natsForStack();
  // A responder that takes the request and never replies: the gateway's NATS timeout must fire.
  const sub = nc.subscribe(subject('auth.user.register'));
  await nc.flush(); // the server knows the subscription before the request is sent
  try {
    const started = Date.now();
    const response = await request.post('/api/register', {
      data: {
        username: 'silent_svc',
        firstName: 'A',
        lastName: 'B',
        email: 'a@b.org',
        password: 'secret1',
        confirmPassword: 'secret1',
      },
      timeout: 20_000,
    });
    expect(response.status()).toBe(504);
    expect(Date.now() - started).toBeLessThan(10_000);
    const body = await response.json();
    expect(body).toMatchObject({ statusCode: 504, code: 'SERVICE_TIMEOUT' });
    expect(body.requestId).toBe(response.headers()['x-request-id']);
    expect(JSON.stringify(body)).not.toMatch(/at .*\.js/); // no stack trace
  } finally {
    sub.unsubscribe();
    await nc.close();
    await startService('auth');
    await waitForHealth((status) => status === 200);
  }
});

test('with no service listening, a request is answered 503 at once', async ({ request }) => {
  await stopService('auth');
  try {
    const response = await request.post('/api/login', { data: { username: 'nobody', password: 'secret1' } });
    expect(response.status()).toBe(503);
    expect((await response.json()).code).toBe('SERVICE_UNAVAILABLE');
  } finally {
    await startService('auth');
    await waitForHealth((status) => status === 200);
  }
});
