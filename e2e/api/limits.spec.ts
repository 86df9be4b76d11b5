import { expect, test } from '@playwright/test';
import { type ImportStatus } from '@warmpath/contracts';
import { buildImportStatus, generateLinkedInCsv } from '@warmpath/testing';
import { randomUUID } from 'node:crypto';
import { requestFrom } from '../support/client-address.js';
import { natsForStack, startService, stopService } from '../support/stack-control.js';
import { newUser, registerUser } from '../support/users.js';
import { present } from '../support/present.js';

// Runs alone, no other spec beside it (docs/developer-guide.md#the-loop): it restarts the shared
// gateway with the default per-address limits and stops the import worker.
test.describe.configure({ lock: '-exclusive-' });

const url = (path: string) => `${process.env.WARMPATH_URL}${path}`;

/** Waits for a restarted service: refused connections and a 503 count as "not yet". */
async function stackBack(): Promise<void> {
  await expect
    .poll(
      () =>
        fetch(url('/api/health')).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 120_000 },
    )
    .toBe(200);
}

async function restartGateway(env?: Record<string, string>): Promise<void> {
  await stopService('gateway');
  await startService('gateway', env);
  await stackBack();
}

test('password change attempts are limited per user: the sixth in 15 minutes is refused', async ({
  request,
}) => {
  const { user } = await registerUser(request, newUser());
  const change = (currentPassword: string) =>
    request.post('/api/user/password', {
      data: { currentPassword, newPassword: 'brand-new-1', confirmPassword: 'brand-new-1' },
    });
  for (let i = 0; i < 5; i += 1) expect((await change(`guess-${i}-wrong`)).status()).toBe(400);
  const limited = await change(user.password);
  expect(limited.status()).toBe(429);
  expect((await limited.json()).message).toBe(
    'Too many password change attempts. Please wait a few minutes and try again.',
  );
});

test.describe('with small limits', () => {
  // The gateway restarts around these: on a busy machine that can take well over a minute.
  test.describe.configure({ timeout: 300_000 });
  test.beforeAll(() =>
    restartGateway({
      REGISTER_MAX_PER_CLIENT: '3',
      REGISTER_MAX_PER_INVITATION: '2',
      IMPORT_SSE_MAX_PER_USER: '2',
      IMPORT_PREVIEW_MAX_PER_CLIENT: '2',
    }),
  );
  test.afterAll(() => restartGateway());

  test('registrations are limited per client address', async () => {
    const register = (address: string) => {
      const user = newUser();
      return requestFrom(address, 'POST', '/api/register', { ...user, confirmPassword: user.password });
    };
    for (let i = 0; i < 3; i += 1) expect((await register('127.0.0.7')).status).toBe(201);
    const limited = await register('127.0.0.7');
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(
      'Too many accounts were created from this address. Please try again later.',
    );
    expect((await register('127.0.0.8')).status).toBe(201);
  });

  test('a registration with a usable invitation for its e-mail counts against the invitation, not the address', async () => {
    const owner = newUser();
    const { cookie } = await requestFrom('127.0.0.15', 'POST', '/api/register', {
      ...owner,
      confirmPassword: owner.password,
    });
    const asOwner = { cookie: cookie! };
    const created = await requestFrom(
      '127.0.0.15',
      'POST',
      '/api/teams',
      { name: 'Invited Office' },
      asOwner,
    );
    const teamId = (created.body as Record<string, unknown>).id as number;
    const invite = async (email: string) => {
      const invited = await requestFrom(
        '127.0.0.15',
        'POST',
        `/api/teams/${teamId}/invitations`,
        { email },
        asOwner,
      );
      expect(invited.status).toBe(201);
      return (invited.body as Record<string, unknown>).token as string;
    };
    const register = (email: string, invitation?: string) => {
      const user = newUser({ email });
      return requestFrom('127.0.0.14', 'POST', '/api/register', {
        ...user,
        confirmPassword: user.password,
        invitation,
      });
    };
    for (let i = 0; i < 3; i += 1) expect((await register(`walk-in-${i}@example.org`)).status).toBe(201);
    expect((await register('walk-in-3@example.org')).status).toBe(429);
    // The address is at its ceiling, yet invited people still join...
    const token = await invite('invited@example.org');
    expect((await register('invited@example.org', token)).status).toBe(201);
    const second = await invite('second@example.org');
    expect((await register('Second@Example.org', second)).status).toBe(201);
    // ...but only with an invitation sent to their own address, and a valid one.
    expect((await register('someone-else@example.org', token)).status).toBe(429);
    expect((await register('invited@example.org', 'not-a-real-invitation-token-at-all')).status).toBe(429);
    // One invitation is not a way around the limit: it vouches for REGISTER_MAX_PER_INVITATION.
    expect((await register('invited@example.org', token)).status).toBe(201);
    const limited = await register('invited@example.org', token);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(
      'Too many accounts were created with this invitation. Please try again later.',
    );
  });

  test('anonymous previews are limited per client address', async () => {
    const boundary = 'warmpath-limits';
    const body = Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="Connections.csv"\r\n` +
        `content-type: text/csv\r\n\r\n${generateLinkedInCsv(3, { seed: 3 })}\r\n--${boundary}--\r\n`,
    );
    const preview = (address: string) =>
      requestFrom(address, 'POST', '/api/network/import', body, {
        'content-type': `multipart/form-data; boundary=${boundary}`,
      });
    for (let i = 0; i < 2; i += 1) expect((await preview('127.0.0.10')).status).toBe(200);
    const limited = await preview('127.0.0.10');
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(
      'Too many files were read from this address. Sign in, or try again later.',
    );
    expect((await preview('127.0.0.11')).status).toBe(200);
  });

  test('open progress streams are capped per user, and a closed one frees its place', async () => {
    const user = newUser();
    const { cookie } = await requestFrom('127.0.0.9', 'POST', '/api/register', {
      ...user,
      confirmPassword: user.password,
    });
    // An import that stays in progress: the import worker is stopped and a stand-in answers its status.
    await stopService('import-worker');
    const { nc, subject } = await natsForStack();
    const importId = randomUUID();
    const sub = nc.subscribe(subject('imports.import.get'), {
      callback: (_error, msg) => void msg.respond(JSON.stringify({ ok: true, data: parsing(importId) })),
    });
    const streams: AbortController[] = [];
    const open = async () => {
      const controller = new AbortController();
      const response = await fetch(url(`/api/imports/${importId}/events`), {
        headers: { cookie: cookie! },
        signal: controller.signal,
      });
      streams.push(controller);
      return response;
    };
    try {
      for (let i = 0; i < 2; i += 1) expect((await open()).status).toBe(200);
      const refused = await open();
      expect(refused.status).toBe(429);
      expect((await refused.json()).message).toBe(
        'Too many open progress streams. Close a few tabs and try again.',
      );
      present(streams[0], 'an open stream').abort();
      await expect.poll(async () => (await open()).status).toBe(200);
    } finally {
      for (const stream of streams) stream.abort();
      sub.unsubscribe();
      await nc.close();
      await startService('import-worker');
      await stackBack();
    }
  });
});

function parsing(id: string): ImportStatus {
  const now = new Date().toISOString();
  return buildImportStatus({ id, sizeBytes: 100, rowsRead: 1, createdAt: now, updatedAt: now });
}
