import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import type { TeamMember, Workspace } from '@warmpath/contracts';
import {
  addMember,
  anonymous,
  createWorkspace,
  errorBody,
  person,
  siteAdmin,
  WORKSPACE_NOT_FOUND_BODY,
  type Person,
  type Playwright,
} from './teams-helpers.js';

/** A workspace route, called with a workspace id (and, where it names one, a member's id). */
interface Route {
  name: string;
  call(request: APIRequestContext, teamId: number | string, memberId: number): Promise<APIResponse>;
}

const ROUTES: Route[] = [
  { name: 'GET /api/teams/{id}', call: (r, id) => r.get(`/api/teams/${id}`) },
  { name: 'GET /api/teams/{id}/members', call: (r, id) => r.get(`/api/teams/${id}/members`) },
  { name: 'GET /api/teams/{id}/join-requests', call: (r, id) => r.get(`/api/teams/${id}/join-requests`) },
  {
    name: 'POST /api/teams/{id}/join-requests/{invitationId}',
    call: (r, id) => r.post(`/api/teams/${id}/join-requests/2147483000`, { data: { action: 'reject' } }),
  },
  {
    name: 'POST /api/teams/{teamId}/invitations',
    call: (r, id) =>
      r.post(`/api/teams/${id}/invitations`, { data: { email: 'walk@example.org', role: 'member' } }),
  },
  { name: 'GET /api/teams/{id}/invitations', call: (r, id) => r.get(`/api/teams/${id}/invitations`) },
  {
    name: 'POST /api/teams/{id}/invitation-code',
    call: (r, id) => r.post(`/api/teams/${id}/invitation-code`),
  },
  {
    name: 'PUT /api/teams/{id}/sharing',
    call: (r, id) => r.put(`/api/teams/${id}/sharing`, { data: { sharing: 'counts' } }),
  },
  { name: 'POST /api/teams/{id}/leave', call: (r, id) => r.post(`/api/teams/${id}/leave`) },
  {
    name: 'DELETE /api/teams/{id}/members/{userId}',
    call: (r, id, memberId) => r.delete(`/api/teams/${id}/members/${memberId}`),
  },
  { name: 'DELETE /api/teams/{id}', call: (r, id) => r.delete(`/api/teams/${id}`) },
];

function route(name: string): Route {
  const found = ROUTES.find((r) => r.name === name);
  if (!found) throw new Error(`no route ${name}`);
  return found;
}

/** What each role gets; routes that change membership (leave, remove, delete) are walked apart below. */
const EXPECTED: Record<string, { member: number; admin: number; owner: number }> = {
  'GET /api/teams/{id}': { member: 200, admin: 200, owner: 200 },
  'GET /api/teams/{id}/members': { member: 200, admin: 200, owner: 200 },
  'GET /api/teams/{id}/join-requests': { member: 403, admin: 403, owner: 200 },
  // The owner reaches the service, which knows no such request.
  'POST /api/teams/{id}/join-requests/{invitationId}': { member: 403, admin: 403, owner: 404 },
  'POST /api/teams/{teamId}/invitations': { member: 403, admin: 201, owner: 201 },
  'GET /api/teams/{id}/invitations': { member: 403, admin: 200, owner: 200 },
  'POST /api/teams/{id}/invitation-code': { member: 403, admin: 201, owner: 201 },
  'PUT /api/teams/{id}/sharing': { member: 200, admin: 200, owner: 200 },
};

interface Cast {
  owner: Person;
  admin: Person;
  member: Person;
  stranger: Person;
  siteAdmin: Person;
  signedOut: APIRequestContext;
  workspace: Workspace;
}

async function cast(playwright: Playwright): Promise<Cast> {
  const owner = await person(playwright, { firstName: 'Olga', lastName: 'Owner' });
  const admin = await person(playwright);
  const member = await person(playwright);
  const workspace = await createWorkspace(owner);
  await addMember(owner, workspace.id, admin, 'admin');
  await addMember(owner, workspace.id, member, 'member');
  return {
    owner,
    admin,
    member,
    stranger: await person(playwright),
    siteAdmin: await siteAdmin(playwright),
    signedOut: await anonymous(playwright),
    workspace,
  };
}

test.describe('workspace routes: who may call what', () => {
  test('a signed-out visitor gets 401 from every workspace route', async ({ playwright }) => {
    const c = await cast(playwright);
    for (const route of ROUTES) {
      const response = await route.call(c.signedOut, c.workspace.id, c.member.id);
      expect(response.status(), route.name).toBe(401);
    }
    for (const response of [
      await c.signedOut.post('/api/teams', { data: { name: 'X' } }),
      await c.signedOut.get('/api/teams'),
      await c.signedOut.post(`/api/invitations/${'a'.repeat(43)}/accept`),
      await c.signedOut.post('/api/workspaces/join-request', { data: { invitationCode: 'ABCDEFGH' } }),
      await c.signedOut.get('/api/workspaces/join-requests'),
    ]) {
      expect(response.status(), response.url()).toBe(401);
    }
  });

  test('a non-member and the site admin get the same 404 body as for a workspace that does not exist', async ({
    playwright,
  }) => {
    const c = await cast(playwright);
    for (const route of ROUTES) {
      const missing = await route.call(c.stranger.request, 2147483000, c.member.id);
      expect(missing.status(), route.name).toBe(404);
      const missingBody = await errorBody(missing);
      expect(missingBody, route.name).toEqual(WORKSPACE_NOT_FOUND_BODY);
      for (const outsider of [c.stranger, c.siteAdmin]) {
        const response = await route.call(outsider.request, c.workspace.id, c.member.id);
        expect(response.status(), route.name).toBe(404);
        expect(await errorBody(response), route.name).toEqual(missingBody);
      }
    }
    // Nothing changed for the members.
    const members = (await (
      await c.owner.request.get(`/api/teams/${c.workspace.id}/members`)
    ).json()) as TeamMember[];
    expect(members).toHaveLength(3);
    const lists = await Promise.all([c.stranger, c.siteAdmin].map((p) => p.request.get('/api/teams')));
    for (const list of lists)
      expect(((await list.json()) as Workspace[]).map((w) => w.id)).not.toContain(c.workspace.id);
  });

  test('members, admins and the owner get what their role allows, 403 otherwise', async ({ playwright }) => {
    const c = await cast(playwright);
    for (const route of ROUTES.filter((r) => EXPECTED[r.name])) {
      for (const role of ['member', 'admin', 'owner'] as const) {
        const response = await route.call(c[role].request, c.workspace.id, c.member.id);
        expect(response.status(), `${role}: ${route.name}`).toBe(EXPECTED[route.name]?.[role]);
        if (response.status() === 403) expect((await response.json()).code).toBe('FORBIDDEN');
      }
    }
  });

  test('only the owner removes members and deletes; everyone but the owner may leave', async ({
    playwright,
  }) => {
    const c = await cast(playwright);
    const id = c.workspace.id;
    const leave = route('POST /api/teams/{id}/leave');
    const remove = route('DELETE /api/teams/{id}/members/{userId}');
    const del = route('DELETE /api/teams/{id}');
    for (const role of ['member', 'admin'] as const) {
      expect((await remove.call(c[role].request, id, c.member.id)).status()).toBe(403);
      expect((await del.call(c[role].request, id, 0)).status()).toBe(403);
    }
    const ownerLeaves = await leave.call(c.owner.request, id, 0);
    expect(ownerLeaves.status()).toBe(403);
    expect((await ownerLeaves.json()).message).toBe(
      'The owner cannot leave the workspace. Delete it instead.',
    );
    expect((await remove.call(c.owner.request, id, c.owner.id)).status()).toBe(403);
    expect((await leave.call(c.member.request, id, 0)).status()).toBe(200);
    expect((await c.member.request.get(`/api/teams/${id}`)).status()).toBe(404);
    expect((await remove.call(c.owner.request, id, c.admin.id)).status()).toBe(200);
    expect((await c.admin.request.get(`/api/teams/${id}`)).status()).toBe(404);
    expect((await remove.call(c.owner.request, id, c.admin.id)).status()).toBe(404);
    expect((await del.call(c.owner.request, id, 0)).status()).toBe(200);
    const gone = await c.owner.request.get(`/api/teams/${id}`);
    expect(await errorBody(gone)).toEqual(WORKSPACE_NOT_FOUND_BODY);
  });

  test('a malformed workspace id is 400 before anything else', async ({ playwright }) => {
    const c = await cast(playwright);
    for (const id of ['abc', '0', '-1', '1.5', '12345678901', '1e3']) {
      for (const route of ROUTES) {
        const response = await route.call(c.owner.request, id, c.member.id);
        expect(response.status(), `${route.name} with ${id}`).toBe(400);
        expect(await response.json()).toMatchObject({
          code: 'VALIDATION_FAILED',
          message: 'Invalid workspace id',
        });
      }
    }
    const tooBig = await c.owner.request.get('/api/teams/9999999999');
    expect(await errorBody(tooBig)).toEqual(WORKSPACE_NOT_FOUND_BODY);
  });
});

test.describe('request bodies cannot grant anything', () => {
  test('POST /api/teams makes the caller the owner whatever the body says, and answers 201', async ({
    playwright,
  }) => {
    const ana = await person(playwright);
    const bob = await person(playwright);
    const response = await ana.request.post('/api/teams', {
      data: {
        name: '  Lisbon  ',
        description: '',
        createdById: bob.id,
        ownerId: bob.id,
        members: [bob.id],
        role: 'member',
      },
    });
    expect(response.status()).toBe(201);
    const workspace = (await response.json()) as Workspace;
    expect(workspace).toMatchObject({
      name: 'Lisbon',
      description: null,
      createdById: ana.id,
      role: 'owner',
      memberCount: 1,
    });
    expect((await bob.request.get(`/api/teams/${workspace.id}`)).status()).toBe(404);
    expect(
      ((await (await bob.request.get('/api/teams')).json()) as Workspace[]).map((w) => w.id),
    ).not.toContain(workspace.id);
  });

  test('the path names the workspace of an invitation, never a body teamId', async ({ playwright }) => {
    const ana = await person(playwright);
    const mine = await createWorkspace(ana, 'Mine');
    const other = await createWorkspace(await person(playwright), 'Not mine');
    const response = await ana.request.post(`/api/teams/${mine.id}/invitations`, {
      data: { teamId: other.id, email: 'x@example.org', role: 'owner' },
    });
    expect(response.status()).toBe(400);
    const ok = await ana.request.post(`/api/teams/${mine.id}/invitations`, {
      data: { teamId: other.id, email: 'x@example.org', role: 'member' },
    });
    expect(((await ok.json()) as { teamId: number }).teamId).toBe(mine.id);
  });

  test("sharing changes only the caller's own level, whatever userId the body names", async ({
    playwright,
  }) => {
    const owner = await person(playwright);
    const member = await person(playwright);
    const workspace = await createWorkspace(owner);
    await addMember(owner, workspace.id, member, 'member');
    const response = await member.request.put(`/api/teams/${workspace.id}/sharing`, {
      data: { sharing: 'emails', userId: owner.id },
    });
    expect(response.status()).toBe(200);
    const members = (await (
      await owner.request.get(`/api/teams/${workspace.id}/members`)
    ).json()) as TeamMember[];
    expect(members.map((m) => [m.userId, m.sharing])).toEqual([
      [owner.id, 'names'],
      [member.id, 'emails'],
    ]);
    const wrong = await member.request.put(`/api/teams/${workspace.id}/sharing`, {
      data: { sharing: 'everything' },
    });
    expect(wrong.status()).toBe(400);
  });

  test('workspace names are validated with the documented messages', async ({ playwright }) => {
    const ana = await person(playwright);
    const empty = await ana.request.post('/api/teams', { data: { name: '   ' } });
    expect(empty.status()).toBe(400);
    expect((await empty.json()).message).toBe('Workspace name is required');
    const long = await ana.request.post('/api/teams', { data: { name: 'x'.repeat(101) } });
    expect((await long.json()).message).toBe('Workspace name must be at most 100 characters');
  });
});
