import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { teamsContracts, WORKSPACE_NOT_FOUND, type UserProfile } from '@warmpath/contracts';
import { bootTeams, failureOf, type RunningTeams } from './support/boot-teams.js';

let teams: RunningTeams;

beforeAll(async () => {
  teams = await bootTeams();
});

afterAll(async () => {
  await teams?.close();
});

const create = (owner: UserProfile, name = 'Sales') =>
  teams.bus.request(teamsContracts.createWorkspace, {
    userId: owner.id,
    workspace: { name, description: null },
  });

/** A workspace with an owner, an admin and a member (added through an accepted invitation each). */
async function workspaceWithRoles() {
  const owner = teams.addUser({ username: `owner${Date.now()}${Math.random()}`.replace('.', '') });
  const admin = teams.addUser({ username: `admin-of-${owner.id}` });
  const member = teams.addUser({ username: `member-of-${owner.id}` });
  const workspace = await create(owner);
  for (const [user, role] of [
    [admin, 'admin'],
    [member, 'member'],
  ] as const) {
    const invitation = await teams.bus.request(teamsContracts.createInvitation, {
      userId: owner.id,
      teamId: workspace.id,
      invitation: { email: user.email, role },
    });
    await teams.bus.request(teamsContracts.acceptInvitation, { userId: user.id, token: invitation.token });
  }
  return { owner, admin, member, teamId: workspace.id };
}

describe('creating and reading workspaces', () => {
  it('makes the creator the owner, counts members and announces it', async () => {
    const ana = teams.addUser({ username: 'ana', firstName: 'Ana', lastName: 'Silva' });
    const workspace = await create(ana, 'Lisbon friends');
    expect(workspace).toMatchObject({
      name: 'Lisbon friends',
      description: null,
      createdById: ana.id,
      memberCount: 1,
      role: 'owner',
      ownerName: 'Ana Silva',
    });
    const created = await teams.eventOf('teams.workspace.created', workspace.id);
    expect(created.payload).toMatchObject({ ownerId: ana.id });
    const joined = await teams.eventOf('teams.member.joined', workspace.id);
    expect(joined.payload).toMatchObject({ userId: ana.id, role: 'owner', via: 'created' });
  });

  it("lists only the caller's own workspaces", async () => {
    const bob = teams.addUser({ username: 'bob' });
    const carl = teams.addUser({ username: 'carl' });
    const bobs = await create(bob, 'Bob team');
    await create(carl, 'Carl team');
    const list = await teams.bus.request(teamsContracts.listWorkspaces, { userId: bob.id });
    expect(list.map((w) => w.id)).toEqual([bobs.id]);
  });

  it('answers a non-member, the site admin included, exactly as for a workspace that does not exist', async () => {
    const { teamId } = await workspaceWithRoles();
    const stranger = teams.addUser({ username: 'stranger' });
    const siteAdmin = teams.addUser({ username: 'admin', firstName: 'Admin', lastName: '' });
    const calls = (userId: number, id: number) => [
      () => teams.bus.request(teamsContracts.getWorkspace, { userId, teamId: id }),
      () => teams.bus.request(teamsContracts.listMembers, { userId, teamId: id }),
      () => teams.bus.request(teamsContracts.getMembership, { userId, teamId: id }),
      () => teams.bus.request(teamsContracts.deleteWorkspace, { userId, teamId: id }),
      () => teams.bus.request(teamsContracts.leaveWorkspace, { userId, teamId: id }),
      () => teams.bus.request(teamsContracts.removeMember, { userId, teamId: id, memberId: 1 }),
      () => teams.bus.request(teamsContracts.updateSharing, { userId, teamId: id, sharing: 'emails' }),
      () =>
        teams.bus.request(teamsContracts.createInvitation, {
          userId,
          teamId: id,
          invitation: { email: 'x@example.org', role: 'member' },
        }),
      () => teams.bus.request(teamsContracts.listInvitations, { userId, teamId: id }),
      () => teams.bus.request(teamsContracts.generateCode, { userId, teamId: id }),
      () => teams.bus.request(teamsContracts.listJoinRequests, { userId, teamId: id }),
      () =>
        teams.bus.request(teamsContracts.decideJoinRequest, {
          userId,
          teamId: id,
          requestId: 1,
          action: 'approve',
        }),
    ];
    for (const [userId, id] of [
      [stranger.id, teamId],
      [siteAdmin.id, teamId],
      [stranger.id, 999_999],
      [stranger.id, 9_999_999_999],
    ] as Array<[number, number]>) {
      for (const call of calls(userId, id)) {
        const failure = await failureOf(call());
        expect(failure.toBody()).toEqual({ code: 'NOT_FOUND', message: WORKSPACE_NOT_FOUND });
      }
    }
  });
});

describe('roles', () => {
  it('refuses members what their role does not allow, with FORBIDDEN', async () => {
    const { admin, member, teamId } = await workspaceWithRoles();
    const forbidden = async (call: Promise<unknown>) =>
      expect((await failureOf(call)).code).toBe('FORBIDDEN');
    await forbidden(
      teams.bus.request(teamsContracts.createInvitation, {
        userId: member.id,
        teamId,
        invitation: { email: 'x@example.org', role: 'member' },
      }),
    );
    await forbidden(teams.bus.request(teamsContracts.generateCode, { userId: member.id, teamId }));
    await forbidden(teams.bus.request(teamsContracts.listInvitations, { userId: member.id, teamId }));
    for (const user of [admin, member]) {
      await forbidden(teams.bus.request(teamsContracts.listJoinRequests, { userId: user.id, teamId }));
      await forbidden(
        teams.bus.request(teamsContracts.decideJoinRequest, {
          userId: user.id,
          teamId,
          requestId: 1,
          action: 'approve',
        }),
      );
      await forbidden(teams.bus.request(teamsContracts.deleteWorkspace, { userId: user.id, teamId }));
      await forbidden(
        teams.bus.request(teamsContracts.removeMember, { userId: user.id, teamId, memberId: member.id }),
      );
    }
  });

  it('lets an admin invite and make codes', async () => {
    const { admin, teamId } = await workspaceWithRoles();
    const invitation = await teams.bus.request(teamsContracts.createInvitation, {
      userId: admin.id,
      teamId,
      invitation: { email: 'new@example.org', role: 'member' },
    });
    expect(invitation.state).toBe('pending');
    const code = await teams.bus.request(teamsContracts.generateCode, { userId: admin.id, teamId });
    expect(code.invitationCode).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
  });

  it('lists members with names, roles and the default sharing level', async () => {
    const { owner, admin, member, teamId } = await workspaceWithRoles();
    const members = await teams.bus.request(teamsContracts.listMembers, { userId: member.id, teamId });
    expect(members.map((m) => [m.userId, m.role, m.sharing, m.name])).toEqual([
      [owner.id, 'owner', 'names', 'Ana Silva'],
      [admin.id, 'admin', 'names', 'Ana Silva'],
      [member.id, 'member', 'names', 'Ana Silva'],
    ]);
    const workspace = await teams.bus.request(teamsContracts.getWorkspace, { userId: member.id, teamId });
    expect(workspace).toMatchObject({ memberCount: 3, role: 'member' });
    const membership = await teams.bus.request(teamsContracts.getMembership, { userId: admin.id, teamId });
    expect(membership.members.map((m) => m.role)).toEqual(['owner', 'admin', 'member']);
  });
});

describe('sharing, leaving, removing and deleting', () => {
  it("changes only the caller's own sharing level and announces it", async () => {
    const { member, teamId } = await workspaceWithRoles();
    const updated = await teams.bus.request(teamsContracts.updateSharing, {
      userId: member.id,
      teamId,
      sharing: 'profiles',
    });
    expect(updated).toMatchObject({ userId: member.id, sharing: 'profiles' });
    const changed = await teams.eventOf('teams.sharing.changed', teamId);
    expect(changed.payload).toEqual({ teamId, userId: member.id, sharing: 'profiles' });
  });

  it('lets a member leave, and never the owner', async () => {
    const { owner, member, teamId } = await workspaceWithRoles();
    expect(await teams.bus.request(teamsContracts.leaveWorkspace, { userId: member.id, teamId })).toEqual({
      left: true,
    });
    const failure = await failureOf(
      teams.bus.request(teamsContracts.leaveWorkspace, { userId: owner.id, teamId }),
    );
    expect(failure.toBody()).toEqual({
      code: 'FORBIDDEN',
      message: 'The owner cannot leave the workspace. Delete it instead.',
    });
    expect(
      (await failureOf(teams.bus.request(teamsContracts.getWorkspace, { userId: member.id, teamId }))).code,
    ).toBe('NOT_FOUND');
    expect((await teams.eventOf('teams.member.left', teamId)).payload).toMatchObject({
      userId: member.id,
      reason: 'left',
    });
  });

  it('lets the owner remove a member, but not themself nor a non-member', async () => {
    const { owner, admin, teamId } = await workspaceWithRoles();
    await teams.bus.request(teamsContracts.removeMember, { userId: owner.id, teamId, memberId: admin.id });
    const members = await teams.bus.request(teamsContracts.listMembers, { userId: owner.id, teamId });
    expect(members.map((m) => m.userId)).not.toContain(admin.id);
    const self = await failureOf(
      teams.bus.request(teamsContracts.removeMember, { userId: owner.id, teamId, memberId: owner.id }),
    );
    expect(self.code).toBe('FORBIDDEN');
    const gone = await failureOf(
      teams.bus.request(teamsContracts.removeMember, { userId: owner.id, teamId, memberId: admin.id }),
    );
    expect(gone.toBody()).toEqual({ code: 'NOT_FOUND', message: 'Member not found' });
    expect((await teams.eventOf('teams.member.left', teamId)).payload).toMatchObject({
      userId: admin.id,
      reason: 'removed',
    });
  });

  it('deletes the workspace with everything of it and names who were members', async () => {
    const { owner, admin, member, teamId } = await workspaceWithRoles();
    await teams.bus.request(teamsContracts.generateCode, { userId: owner.id, teamId });
    expect(await teams.bus.request(teamsContracts.deleteWorkspace, { userId: owner.id, teamId })).toEqual({
      deleted: true,
    });
    for (const table of ['members', 'invitations', 'invitation_codes', 'join_requests']) {
      const [row] = await teams.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM teams.${table} WHERE team_id = $1`,
        [teamId],
      );
      expect(row?.n).toBe(0);
    }
    expect((await teams.eventOf('teams.workspace.deleted', teamId)).payload.memberIds).toEqual(
      [owner.id, admin.id, member.id].sort((a, b) => a - b),
    );
  });
});
