import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  ABSENT_REMOVAL_MESSAGES,
  type AbsentStatus,
  type ImportChangesPage,
  type NetworkData,
  type NetworkStatsView,
  type RemoveAbsentReply,
} from '@warmpath/contracts';
import { importRows, query, signUp, testerRow } from './import-helpers.js';
import { errorOf, pooledNetwork, signUpMember, workspaceOf } from './workspace-network-fixtures.js';

// docs/import.md#removing-the-people-not-in-your-latest-export: the people not in the latest export
// removed in one action, undoable for 7 days.

const person = testerRow;

const OLDER = [
  person('Ana', 'Acme', 'CTO'),
  person('Ben', 'Acme', 'Engineer'),
  person('Chloe', 'Acme', 'Designer'),
  person('Dan', 'Globex', 'Recruiter'),
];
// Chloe and Dan are not in the newer export.
const NEWER = [
  person('Ana', 'Acme', 'CTO'),
  person('Ben', 'Acme', 'Engineer'),
  person('Eve', 'Hooli', 'Analyst'),
];

const names = async (request: APIRequestContext): Promise<string[]> => {
  const network = (await (await request.get('/api/network')).json()) as NetworkData;
  return network.connections
    .filter((c) => !c.isUser)
    .map((c) => c.firstName)
    .sort();
};

async function absentStatus(request: APIRequestContext, importId: string): Promise<AbsentStatus> {
  const response = await request.get(`/api/imports/${importId}/absent`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as AbsentStatus;
}

/** An older export with a note on Chloe, then a newer one without Chloe and Dan. */
async function reimported(request: APIRequestContext) {
  const userId = await signUp(request);
  const first = await importRows(request, OLDER);
  const network = (await (await request.get('/api/network')).json()) as NetworkData;
  const chloe = network.connections.find((c) => c.firstName === 'Chloe');
  const noted = await request.patch(`/api/network/connections/${chloe?.id}`, {
    data: { notes: 'Met in Lisbon' },
  });
  expect(noted.status()).toBe(200);
  const second = await importRows(request, NEWER);
  expect(second.absent).toBe(2);
  return { userId, first, second, chloeId: chloe?.id ?? '' };
}

test.describe('removing the people not in the latest export', () => {
  test('removes them from the network, its paths and counts, and undo brings them back with their notes', async ({
    request,
  }) => {
    const { second, chloeId } = await reimported(request);
    expect(await names(request)).toEqual(['Ana', 'Ben', 'Chloe', 'Dan', 'Eve']);
    expect(await absentStatus(request, second.id)).toEqual({
      importId: second.id,
      latest: true,
      absentNow: 2,
      removal: null,
    });

    const removed = await request.post(`/api/imports/${second.id}/remove-absent`);
    expect(removed.status(), await removed.text()).toBe(200);
    const reply = (await removed.json()) as RemoveAbsentReply;
    expect(reply).toEqual({ importId: second.id, removed: 2, undoUntil: expect.any(String) });
    const days = (Date.parse(reply.undoUntil) - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(7);

    expect(await names(request)).toEqual(['Ana', 'Ben', 'Eve']);
    expect((await request.get(`/api/network/paths?to=${chloeId}`)).status()).toBe(404);
    const stats = (await (await request.get('/api/network/stats')).json()) as NetworkStatsView;
    expect(stats.total).toBe(3);
    expect(await absentStatus(request, second.id)).toMatchObject({
      absentNow: 0,
      removal: { removed: 2, state: 'undoable', restoredAt: null, undoUntil: reply.undoUntil },
    });
    // The changes of the import still name them.
    const changes = (await (
      await request.get(`/api/imports/${second.id}/changes?kind=absent`)
    ).json()) as ImportChangesPage;
    expect(changes.changes.map((c) => c.firstName)).toEqual(['Chloe', 'Dan']);

    const twice = await request.post(`/api/imports/${second.id}/remove-absent`);
    expect(await errorOf(twice)).toMatchObject({
      status: 409,
      body: { code: 'CONFLICT', message: ABSENT_REMOVAL_MESSAGES.alreadyRemoved },
    });

    const restored = await request.post(`/api/imports/${second.id}/restore-absent`);
    expect(restored.status(), await restored.text()).toBe(200);
    expect(await restored.json()).toEqual({ importId: second.id, restored: 2 });
    const back = (await (await request.get('/api/network')).json()) as NetworkData;
    const chloe = back.connections.find((c) => c.firstName === 'Chloe');
    expect(chloe).toMatchObject({ id: chloeId, notes: 'Met in Lisbon', company: 'Acme' });
    expect(chloe?.exportHistory?.absentSince).toEqual(expect.any(String));
    expect((await request.get(`/api/network/paths?to=${chloeId}`)).status()).toBe(200);
    expect(back.relationships.some((link) => link.targetId === chloeId || link.sourceId === chloeId)).toBe(
      true,
    );

    const again = await request.post(`/api/imports/${second.id}/restore-absent`);
    expect(await errorOf(again)).toMatchObject({
      status: 409,
      body: { code: 'CONFLICT', message: ABSENT_REMOVAL_MESSAGES.alreadyRestored },
    });
  });

  test('cannot be undone after 7 days: 410, and the people stay removed', async ({ request }) => {
    const { second } = await reimported(request);
    expect((await request.post(`/api/imports/${second.id}/remove-absent`)).status()).toBe(200);
    // Seven days later, as far as the removal knows.
    await query(
      `UPDATE network.absent_removals SET removed_at = removed_at - interval '7 days',
         undo_until = undo_until - interval '7 days' WHERE import_id = $1`,
      [second.id],
    );
    const late = await request.post(`/api/imports/${second.id}/restore-absent`);
    expect(await errorOf(late)).toEqual({
      status: 410,
      body: {
        statusCode: 410,
        code: 'expired',
        message: ABSENT_REMOVAL_MESSAGES.undoExpired,
        error: ABSENT_REMOVAL_MESSAGES.undoExpired,
      },
    });
    expect((await absentStatus(request, second.id)).removal?.state).toBe('final');
    expect(await names(request)).toEqual(['Ana', 'Ben', 'Eve']);
  });

  test('refuses an older import and a network with nobody absent, and hides imports of others', async ({
    request,
    playwright,
  }) => {
    const { first, second } = await reimported(request);
    const older = await request.post(`/api/imports/${first.id}/remove-absent`);
    expect(await errorOf(older)).toMatchObject({
      status: 409,
      body: { message: ABSENT_REMOVAL_MESSAGES.notLatest },
    });
    expect((await absentStatus(request, first.id)).latest).toBe(false);
    const nothing = await request.post(`/api/imports/${second.id}/restore-absent`);
    expect(await errorOf(nothing)).toMatchObject({
      status: 409,
      body: { message: ABSENT_REMOVAL_MESSAGES.nothingToUndo },
    });

    const other = await playwright.request.newContext({ baseURL: process.env.WARMPATH_URL });
    try {
      await signUp(other);
      const only = await importRows(other, NEWER);
      const nobody = await other.post(`/api/imports/${only.id}/remove-absent`);
      expect(await errorOf(nobody)).toMatchObject({
        status: 409,
        body: { message: ABSENT_REMOVAL_MESSAGES.nothingToRemove },
      });
      const unknown = await errorOf(await other.post(`/api/imports/${crypto.randomUUID()}/remove-absent`));
      expect(unknown.status).toBe(404);
      for (const path of ['remove-absent', 'restore-absent']) {
        expect(await errorOf(await other.post(`/api/imports/${second.id}/${path}`))).toEqual(unknown);
      }
      expect(await errorOf(await other.get(`/api/imports/${second.id}/absent`))).toEqual(unknown);
      expect(await errorOf(await other.post('/api/imports/not-an-id/remove-absent'))).toEqual(unknown);
    } finally {
      await other.dispose();
    }
    expect(await names(request)).toEqual(['Ana', 'Ben', 'Chloe', 'Dan', 'Eve']);
  });

  test("a workspace's pooled network loses the removed people and gets them back", async ({
    playwright,
    baseURL,
  }) => {
    const owner = await signUpMember(playwright, baseURL ?? '', 'Olga', 'Owner');
    const member = await signUpMember(playwright, baseURL ?? '', 'Mia', 'Member');
    try {
      await importRows(member.request, OLDER);
      const second = await importRows(member.request, NEWER);
      const teamId = await workspaceOf(owner, [member]);
      const pooledNames = async () =>
        (await pooledNetwork(owner, teamId)).connections
          .filter((c) => !c.isUser && !c.isTeammate)
          .map((c) => c.firstName)
          .sort();
      expect(await pooledNames()).toEqual(['Ana', 'Ben', 'Chloe', 'Dan', 'Eve']);
      expect((await member.request.post(`/api/imports/${second.id}/remove-absent`)).status()).toBe(200);
      expect(await pooledNames()).toEqual(['Ana', 'Ben', 'Eve']);
      expect((await member.request.post(`/api/imports/${second.id}/restore-absent`)).status()).toBe(200);
      expect(await pooledNames()).toEqual(['Ana', 'Ben', 'Chloe', 'Dan', 'Eve']);
    } finally {
      await owner.request.dispose();
      await member.request.dispose();
    }
  });
});
