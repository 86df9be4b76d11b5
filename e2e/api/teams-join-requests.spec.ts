import { expect, test } from '@playwright/test';
import type { InvitationCode, JoinRequest, MyJoinRequest, Workspace } from '@warmpath/contracts';
import {
  addMember,
  createWorkspace,
  person,
  queryDatabase,
  siteAdmin,
  type Person,
} from './teams.testing.js';

async function code(owner: Person, teamId: number): Promise<string> {
  const response = await owner.request.post(`/api/teams/${teamId}/invitation-code`);
  expect(response.status()).toBe(201);
  const body = (await response.json()) as InvitationCode;
  expect(body.invitationCode).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
  return body.invitationCode;
}

const requestToJoin = (who: Person, invitationCode: string) =>
  who.request.post('/api/workspaces/join-request', { data: { invitationCode } });

test.describe('invitation codes and join requests', () => {
  test('a code makes a pending request; the owner approves it and the requester becomes a member', async ({
    playwright,
  }) => {
    const owner = await person(playwright);
    const workspace = await createWorkspace(owner, 'Code Club');
    const invitationCode = await code(owner, workspace.id);
    const dan = await person(playwright, { firstName: 'Dan', lastName: 'Diaz' });
    const typed = `${invitationCode.slice(0, 4).toLowerCase()}-${invitationCode.slice(4)}`;
    const created = await requestToJoin(dan, typed);
    expect(created.status()).toBe(201);
    const mine = (await created.json()) as MyJoinRequest;
    expect(mine).toMatchObject({ teamName: 'Code Club', status: 'pending', teamId: null });
    expect((await dan.request.get(`/api/teams/${workspace.id}`)).status()).toBe(404);

    const pending = (await (
      await owner.request.get(`/api/teams/${workspace.id}/join-requests`)
    ).json()) as JoinRequest[];
    expect(pending).toEqual([
      expect.objectContaining({
        invitationId: mine.id,
        userId: dan.id,
        requestorName: 'Dan Diaz',
        email: dan.user.email,
        invitationCode,
        status: 'pending',
      }),
    ]);
    const again = await requestToJoin(dan, invitationCode);
    expect(again.status()).toBe(409);
    expect((await again.json()).message).toBe('You already have a pending request to join this workspace');

    const approved = await owner.request.post(`/api/teams/${workspace.id}/join-requests/${mine.id}`, {
      data: { action: 'approve' },
    });
    expect(approved.status()).toBe(200);
    expect(await approved.json()).toMatchObject({ requestorName: 'Dan Diaz', status: 'approved' });
    const seen = (await (await dan.request.get(`/api/teams/${workspace.id}`)).json()) as Workspace;
    expect(seen).toMatchObject({ role: 'member', memberCount: 2 });
    const [state] = (await (
      await dan.request.get('/api/workspaces/join-requests')
    ).json()) as MyJoinRequest[];
    expect(state).toMatchObject({ id: mine.id, status: 'approved', teamId: workspace.id });

    const second = await owner.request.post(`/api/teams/${workspace.id}/join-requests/${mine.id}`, {
      data: { action: 'reject' },
    });
    expect(second.status()).toBe(409);
    expect(await (await owner.request.get(`/api/teams/${workspace.id}/join-requests`)).json()).toEqual([]);
    const member = await requestToJoin(dan, invitationCode);
    expect(member.status()).toBe(409);
    expect((await member.json()).message).toBe('You are already a member of this workspace');
  });

  test('a rejected request stays rejected and grants nothing', async ({ playwright }) => {
    const owner = await person(playwright);
    const workspace = await createWorkspace(owner);
    const dan = await person(playwright);
    const mine = (await (await requestToJoin(dan, await code(owner, workspace.id))).json()) as MyJoinRequest;
    const bad = await owner.request.post(`/api/teams/${workspace.id}/join-requests/${mine.id}`, {
      data: { action: 'maybe' },
    });
    expect(bad.status()).toBe(400);
    expect((await bad.json()).message).toBe("action must be 'approve' or 'reject'");
    const rejected = await owner.request.post(`/api/teams/${workspace.id}/join-requests/${mine.id}`, {
      data: { action: 'reject' },
    });
    expect(await rejected.json()).toMatchObject({ status: 'rejected' });
    expect((await dan.request.get(`/api/teams/${workspace.id}`)).status()).toBe(404);
    const [state] = (await (
      await dan.request.get('/api/workspaces/join-requests')
    ).json()) as MyJoinRequest[];
    expect(state).toMatchObject({ status: 'rejected', teamId: null });
    const malformed = await owner.request.post(`/api/teams/${workspace.id}/join-requests/abc`, {
      data: { action: 'approve' },
    });
    expect(malformed.status()).toBe(400);
  });

  test('a replaced or expired code never works (404)', async ({ playwright }) => {
    const owner = await person(playwright);
    const admin = await person(playwright);
    const workspace = await createWorkspace(owner);
    await addMember(owner, workspace.id, admin, 'admin');
    const first = await code(owner, workspace.id);
    const second = await code(admin, workspace.id);
    const dan = await person(playwright);
    const replaced = await requestToJoin(dan, first);
    expect(replaced.status()).toBe(404);
    expect((await replaced.json()).message).toBe('Invalid or expired invitation code');
    await queryDatabase(
      `UPDATE teams.invitation_codes SET expires_at = now() - interval '1 minute' WHERE code = $1`,
      [second],
    );
    expect((await requestToJoin(dan, second)).status()).toBe(404);
    const empty = await requestToJoin(dan, '  ');
    expect(empty.status()).toBe(400);
    expect((await empty.json()).message).toBe('Invitation code is required');
  });

  test('repeated wrong codes from one account are refused with 429, right code or wrong', async ({
    playwright,
  }) => {
    const owner = await person(playwright);
    const workspace = await createWorkspace(owner);
    const valid = await code(owner, workspace.id);
    const guesser = await person(playwright);
    for (let i = 0; i < 10; i++) {
      const wrong = await requestToJoin(guesser, `WRNG${String(i).padStart(4, '2')}`);
      expect(wrong.status()).toBe(404);
    }
    for (const attempt of ['WRONGONE', valid]) {
      const limited = await requestToJoin(guesser, attempt);
      expect(limited.status()).toBe(429);
      expect(await limited.json()).toMatchObject({
        code: 'RATE_LIMITED',
        message: 'Too many invalid invitation codes. Try again later.',
      });
    }
    expect(await (await owner.request.get(`/api/teams/${workspace.id}/join-requests`)).json()).toEqual([]);
    // Another account is not held back by the guesser.
    expect((await requestToJoin(await person(playwright), valid)).status()).toBe(201);
  });

  test('the site admin, owner, admin and member get no shortcut: a code only ever makes a request', async ({
    playwright,
  }) => {
    const owner = await person(playwright);
    const admin = await person(playwright);
    const member = await person(playwright);
    const workspace = await createWorkspace(owner, 'No Shortcuts');
    await addMember(owner, workspace.id, admin, 'admin');
    await addMember(owner, workspace.id, member, 'member');
    const invitationCode = await code(admin, workspace.id);
    for (const insider of [owner, admin, member]) {
      expect((await requestToJoin(insider, invitationCode)).status()).toBe(409);
    }
    const root = await siteAdmin(playwright);
    const made = await requestToJoin(root, invitationCode);
    expect(made.status()).toBe(201);
    expect(await made.json()).toMatchObject({ status: 'pending', teamId: null });
    expect((await root.request.get(`/api/teams/${workspace.id}`)).status()).toBe(404);
    const mine = (await (await root.request.get('/api/workspaces/join-requests')).json()) as MyJoinRequest[];
    expect(mine.map((r) => r.teamName)).toContain('No Shortcuts');
    // Everyone sees only their own requests.
    for (const other of [owner, admin, member]) {
      expect(await (await other.request.get('/api/workspaces/join-requests')).json()).toEqual([]);
    }
    const pending = (await (
      await owner.request.get(`/api/teams/${workspace.id}/join-requests`)
    ).json()) as JoinRequest[];
    expect(pending.map((r) => r.userId)).toEqual([root.id]);
  });
});
