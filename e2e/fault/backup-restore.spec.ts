import { expect, test, type APIRequestContext } from '@playwright/test';
import type { BulkImport, ImportStatus } from '@warmpath/contracts';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// eslint-disable-next-line @nx/enforce-module-boundaries -- scripts/ is tooling, not a project
import { backup, restore } from '../../scripts/lib/backup.mjs';
// eslint-disable-next-line @nx/enforce-module-boundaries -- scripts/ is tooling, not a project
import { SERVICE_SCHEMAS } from '../../scripts/lib/backup-postgres.mjs';
// eslint-disable-next-line @nx/enforce-module-boundaries -- scripts/ is tooling, not a project
import { clearRedisKeys } from '../../scripts/lib/backup-redis.mjs';
import { present } from '../support/present.js';
import { startFaultStack, type FaultStack } from './support/fault-stack.js';
import { exportOf } from './support/session.js';
import {
  answer,
  waitForImport,
  firstConnectionId,
  invite,
  member,
  startAll,
  startImport,
  stopAll,
  type Member,
} from './support/installation.js';

const QUEUED_PEOPLE = 400;

/**
 * The backup drill of docs/operations.md ("Backup and restore"), end to end: a filled stack is
 * backed up with scripts/lib/backup.mjs, everything is wiped (the service schemas dropped, Redis
 * emptied, the upload bucket deleted), restored, and the services started again. Every user then
 * gets the same answers as before; the import that was still queued completes; sessions from
 * before the backup still work, and one from after it is refused 401 with a working sign-in.
 */
test.describe.configure({ mode: 'serial' });

let stack: FaultStack;
let dir: string;
test.beforeAll(async () => {
  test.setTimeout(300_000);
  stack = await startFaultStack({
    env: { IMPORT_RECONCILE_INTERVAL_MS: '5000', IMPORT_RECONCILE_GRACE_MS: '1000' },
    healthTimeoutMs: 240_000,
  });
  dir = mkdtempSync(join(tmpdir(), 'warmpath-backup-'));
});
test.afterAll(async () => {
  await stack?.dispose();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const installation = () => ({
  databaseUrl: stack.directDatabaseUrl,
  redisUrl: stack.redis.url,
  redisPrefix: 'warmpath:',
  natsUrl: stack.nats.url,
  natsPrefix: '',
  uploadTtlHours: 24,
});

/** Deletes the upload bucket (the stream behind it); answers whether it was there. */
async function deleteUploadBucket(natsUrl: string): Promise<boolean> {
  const nc = await connect({ servers: natsUrl });
  try {
    return await (await jetstreamManager(nc)).streams.delete('OBJ_imports');
  } finally {
    await nc.close();
  }
}

/** Everything a user can read back through the API, as one comparable value. */
async function everythingOf(user: Member, teamId: number, token: string | null) {
  const paths = [
    '/api/user',
    '/api/network',
    '/api/network/stats',
    '/api/imports',
    '/api/teams',
    `/api/teams/${teamId}`,
    `/api/teams/${teamId}/members`,
    `/api/teams/${teamId}/network`,
    `/api/teams/${teamId}/sources`,
    '/api/tokens',
  ];
  const answers: Record<string, unknown> = {};
  if (token) {
    // Without a cookie: the token alone.
    const response = await fetch(`${stack.url}/api/network`, {
      headers: { authorization: `Bearer ${token}` },
    });
    answers['token: /api/network'] = { status: response.status, body: await response.json() };
  }
  for (const path of paths) answers[path] = await answer(user.request, path);
  // A token's "last used" moves on with each use a minute apart: compared as used or not.
  const tokens = answers['/api/tokens'] as { body: { tokens: { lastUsedAt: string | null }[] } };
  for (const listed of tokens.body.tokens) Object.assign(listed, { lastUsedAt: listed.lastUsedAt !== null });
  return answers;
}

async function signIn(request: APIRequestContext, user: Member['user']) {
  return request.post('/api/login', { data: { username: user.username, password: user.password } });
}

test('a backup restored over a wiped stack answers every user as before', async ({ playwright }) => {
  test.setTimeout(300_000);
  const ana = await member(playwright, stack.url);
  const ben = await member(playwright, stack.url);
  const dora = await member(playwright, stack.url);

  // Ana and Ben import their networks; Ana writes a note.
  for (const [who, seed] of [
    [ana, 1],
    [ben, 2],
  ] as const) {
    const done = await waitForImport(who.request, await startImport(who.request, 300, seed));
    expect(done.state).toBe('completed');
  }
  const noted = await firstConnectionId(ana.request);
  const note = await ana.request.patch(`/api/network/connections/${noted}`, {
    data: { notes: 'Met at the Lisbon offsite' },
  });
  expect(note.status()).toBe(200);

  // A workspace of two members sharing names, with an uploaded source and a pending invitation.
  const created = await ana.request.post('/api/teams', {
    data: { name: 'Sales', description: 'Our network' },
  });
  expect(created.status()).toBe(201);
  const teamId = ((await created.json()) as { id: number }).id;
  const benInvite = await invite(ana, teamId, ben.user.email);
  expect((await ben.request.post(`/api/invitations/${benInvite.token}/accept`)).status()).toBe(200);
  for (const who of [ana, ben])
    expect(
      (await who.request.put(`/api/teams/${teamId}/sharing`, { data: { sharing: 'names' } })).status(),
    ).toBe(200);
  const bulk = await ana.request.post(`/api/teams/${teamId}/bulk-imports`, {
    multipart: sourceForm(),
    timeout: 60_000,
  });
  expect(bulk.status(), await bulk.text()).toBe(202);
  const bulkId = ((await bulk.json()) as { id: string }).id;
  await expect
    .poll(
      async () =>
        ((await answer(ana.request, `/api/bulk-imports/${bulkId}`)).body as BulkImport).files[0]?.status,
      {
        timeout: 60_000,
      },
    )
    .toBe('completed');
  const pending = await invite(ana, teamId, dora.user.email);

  // A personal access token.
  const tokenResponse = await ana.request.post('/api/tokens', {
    data: { name: 'script', scopes: ['network:read'], expiresInDays: 30 },
  });
  expect(tokenResponse.status()).toBe(201);
  const token = ((await tokenResponse.json()) as { secret: string }).secret;

  const before = { ana: await everythingOf(ana, teamId, token), ben: await everythingOf(ben, teamId, null) };
  expect((before.ana['token: /api/network'] as { status: number }).status).toBe(200);
  const invitationBefore = await answer(dora.request, `/api/invitations/${pending.token}`);
  expect(invitationBefore.status).toBe(200);

  // An import that cannot finish while the network service is away: its file is still in the
  // upload bucket when the backup is taken.
  await stack.stopService('network');
  const queued = await startImport(dora.request, QUEUED_PEOPLE, 3);
  const [queuedRow] = await stack.direct<{ object_name: string }>(
    'SELECT object_name FROM imports.imports WHERE id = $1',
    [queued],
  );
  const queuedObject = present(queuedRow, 'the held import').object_name;

  await backup(installation(), dir, () => undefined);
  const manifest = JSON.parse(readFileSync(join(dir, 'uploads', 'manifest.json'), 'utf8')) as {
    objects: { name: string }[];
  };
  expect(manifest.objects.map((object) => object.name)).toContain(queuedObject);

  // A session that begins after the backup: the restored data never knew it.
  const later = await playwright.request.newContext({ baseURL: stack.url });
  expect((await signIn(later, ben.user)).status()).toBe(200);

  // Wipe everything: the service schemas, every Redis key, the upload bucket.
  await stopAll(stack);
  await stack.direct(SERVICE_SCHEMAS.map((schema) => `DROP SCHEMA "${schema}" CASCADE;`).join(' '));
  expect(await clearRedisKeys({ redisUrl: stack.redis.url, prefix: '' })).toBeGreaterThan(0);
  expect(await deleteUploadBucket(stack.nats.url)).toBe(true);

  await restore(installation(), dir, () => undefined);
  await startAll(stack);

  // Sessions from before the backup go on (their durable copy came back); Ben's later one is
  // refused cleanly, and signing in again works.
  expect((await answer(ben.request, '/api/user')).status).toBe(200);
  const refused = await later.get('/api/user');
  expect(refused.status()).toBe(401);
  expect((await signIn(later, ben.user)).status()).toBe(200);
  expect((await later.get('/api/user')).status()).toBe(200);
  await later.dispose();

  // The same answers, route by route; the token still reads.
  const after = { ana: await everythingOf(ana, teamId, token), ben: await everythingOf(ben, teamId, null) };
  for (const who of ['ana', 'ben'] as const)
    for (const path of Object.keys(before[who]))
      expect(after[who][path], `${who}: ${path}`).toEqual(before[who][path]);
  const notes = (
    after.ana['/api/network'] as { body: { connections: { id: string; notes: string | null }[] } }
  ).body;
  expect(notes.connections.find((c) => c.id === noted)?.notes).toBe('Met at the Lisbon offsite');

  // The pending invitation still invites, and Dora can take it.
  expect(await answer(dora.request, `/api/invitations/${pending.token}`)).toEqual(invitationBefore);
  expect((await dora.request.post(`/api/invitations/${pending.token}/accept`)).status()).toBe(200);
  const members = await answer(ana.request, `/api/teams/${teamId}/members`);
  expect((members.body as { userId: number }[]).map((m) => m.userId).sort()).toEqual(
    [ana.id, ben.id, dora.id].sort(),
  );

  // The import queued at backup time completes from the restored upload, with exact counts.
  const completed: ImportStatus = await waitForImport(dora.request, queued, 90_000);
  expect(completed).toMatchObject({ state: 'completed', imported: QUEUED_PEOPLE, skipped: 0 });
  for (const who of [ana, ben, dora]) await who.request.dispose();
});

function sourceForm(): FormData {
  const form = new FormData();
  form.append('name', 'Carol Jones');
  form.append('file', new Blob([exportOf(250, 4)], { type: 'text/csv' }), 'carol.csv');
  return form;
}
