import { expect, test, type APIRequestContext } from '@playwright/test';
import type { Connection, NetworkData } from '@warmpath/contracts';
import { importCsv, linkedInCsv, queryDatabase, seedNetwork, signedInUser } from './network.testing.js';

const notesOf = async (request: APIRequestContext, id: string) =>
  ((await (await request.get('/api/network')).json()) as NetworkData).connections.find((c) => c.id === id)
    ?.notes;

async function userWithAna(request: APIRequestContext) {
  const { userId } = await signedInUser(request);
  const { ids } = await seedNetwork(userId, [{ firstName: 'Ana', lastName: 'Silva', company: 'Acme' }]);
  return { userId, anaId: ids[0] as string };
}

test.describe('PATCH /api/network/connections/{id}', () => {
  test("saves the owner's notes, answers the updated connection and shows them in the network", async ({
    request,
  }) => {
    const { userId, anaId } = await userWithAna(request);
    const response = await request.patch(`/api/network/connections/${anaId}`, {
      data: { notes: 'Ask about the Lisbon office' },
    });
    expect(response.status()).toBe(200);
    const connection = (await response.json()) as Connection;
    expect(connection).toMatchObject({
      id: anaId,
      userId,
      notes: 'Ask about the Lisbon office',
      firstName: 'Ana',
      connectionDegree: 1,
    });
    expect(await notesOf(request, anaId)).toBe('Ask about the Lisbon office');
  });

  test("is 404 for another user's connection, which keeps its notes and never shows them to that user", async ({
    playwright,
    request,
  }) => {
    const { anaId } = await userWithAna(request);
    await request.patch(`/api/network/connections/${anaId}`, { data: { notes: 'private' } });
    const other = await playwright.request.newContext({ baseURL: process.env.WARMPATH_URL });
    try {
      await signedInUser(other);
      const response = await other.patch(`/api/network/connections/${anaId}`, {
        data: { notes: 'overwritten' },
      });
      expect(response.status()).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Connection not found' });
      const theirs = (await (await other.get('/api/network')).json()) as NetworkData;
      expect(theirs.connections.map((c) => c.notes)).toEqual([null]);
    } finally {
      await other.dispose();
    }
    expect(await notesOf(request, anaId)).toBe('private');
  });

  for (const id of ['999999999999', 'u1', 'abc', '0']) {
    test(`is 404 for the id ${id}, which is none of the user's connections`, async ({ request }) => {
      await userWithAna(request);
      const response = await request.patch(`/api/network/connections/${id}`, { data: { notes: 'x' } });
      expect(response.status()).toBe(404);
      expect((await response.json()).message).toBe('Connection not found');
    });
  }

  test('caps notes at 5,000 characters with a clear 400, counting an emoji as one', async ({ request }) => {
    const { anaId } = await userWithAna(request);
    const tooLong = await request.patch(`/api/network/connections/${anaId}`, {
      data: { notes: 'a'.repeat(5001) },
    });
    expect(tooLong.status()).toBe(400);
    expect(await tooLong.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Notes must be at most 5,000 characters',
      fields: [{ field: 'notes', message: 'Notes must be at most 5,000 characters' }],
    });
    const atLimit = '🙂'.repeat(5000);
    const ok = await request.patch(`/api/network/connections/${anaId}`, { data: { notes: atLimit } });
    expect(ok.status()).toBe(200);
    expect(await notesOf(request, anaId)).toBe(atLimit);
  });

  test('refuses a body without notes, or notes that are not text', async ({ request }) => {
    const { anaId } = await userWithAna(request);
    for (const data of [{}, { notes: 42 }, { notes: ['a'] }]) {
      const response = await request.patch(`/api/network/connections/${anaId}`, { data });
      expect(response.status()).toBe(400);
      expect((await response.json()).message).toBe('Notes must be text or null');
    }
  });

  test('keeps notes as plain text: markup stays literal, line endings become \\n, control characters go', async ({
    request,
  }) => {
    const { anaId } = await userWithAna(request);
    const response = await request.patch(`/api/network/connections/${anaId}`, {
      data: { notes: '  <b>Intro</b> <script>alert(1)</script>\r\nsecond line\u0000\u0007  ' },
    });
    expect((await response.json()).notes).toBe('<b>Intro</b> <script>alert(1)</script>\nsecond line');
    const [row] = await queryDatabase<{ notes: string }>(
      'SELECT notes FROM network.connections WHERE id = $1',
      [anaId],
    );
    expect(row?.notes).toBe('<b>Intro</b> <script>alert(1)</script>\nsecond line');
  });

  test('clears the notes with null or blank text', async ({ request }) => {
    const { anaId } = await userWithAna(request);
    await request.patch(`/api/network/connections/${anaId}`, { data: { notes: 'temporary' } });
    expect(
      (await (await request.patch(`/api/network/connections/${anaId}`, { data: { notes: '   ' } })).json())
        .notes,
    ).toBeNull();
    await request.patch(`/api/network/connections/${anaId}`, { data: { notes: 'again' } });
    expect(
      (await (await request.patch(`/api/network/connections/${anaId}`, { data: { notes: null } })).json())
        .notes,
    ).toBeNull();
    expect(await notesOf(request, anaId)).toBeNull();
  });

  test('is refused with 401 when nobody is signed in', async ({ playwright }) => {
    const anonymous = await playwright.request.newContext({ baseURL: process.env.WARMPATH_URL });
    const response = await anonymous.patch('/api/network/connections/1', { data: { notes: 'x' } });
    expect(response.status()).toBe(401);
    await anonymous.dispose();
  });

  test('notes survive a re-import of the same person with a newer position', async ({ request }) => {
    await signedInUser(request);
    const csv = (position: string) =>
      linkedInCsv([
        ['Ana', 'Silva', 'https://www.linkedin.com/in/ana-silva-e2e', '', 'Acme', position, '24 Nov 2023'],
      ]);
    const first = await importCsv(request, csv('Engineer'));
    expect(first.status()).toBe(200);
    const ana = ((await (await request.get('/api/network')).json()) as NetworkData).connections.find(
      (c) => !c.isUser && c.firstName === 'Ana',
    );
    expect(ana).toMatchObject({ position: 'Engineer' });
    expect(
      (await request.patch(`/api/network/connections/${ana?.id}`, { data: { notes: 'Keep me' } })).status(),
    ).toBe(200);

    expect((await importCsv(request, csv('Engineering Manager'))).status()).toBe(200);
    const after = ((await (await request.get('/api/network')).json()) as NetworkData).connections.find(
      (c) => c.id === ana?.id,
    );
    expect(after).toMatchObject({ notes: 'Keep me', position: 'Engineering Manager' });
  });
});
