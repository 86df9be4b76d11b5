import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { teamsContracts, type UserProfile } from '@warmpath/contracts';
import { bootTeams, failureOf, type RunningTeams } from './support/boot-teams.js';

let teams: RunningTeams;

beforeAll(async () => {
  teams = await bootTeams();
});

afterAll(async () => {
  await teams?.close();
});

let n = 0;
const user = (fields: Partial<UserProfile> = {}) => teams.addUser({ username: `jr${++n}`, ...fields });

async function workspaceWithCode(name = 'Sales') {
  const owner = user();
  const { id: teamId } = await teams.bus.request(teamsContracts.createWorkspace, {
    userId: owner.id,
    workspace: { name, description: null },
  });
  const { invitationCode } = await teams.bus.request(teamsContracts.generateCode, {
    userId: owner.id,
    teamId,
  });
  return { owner, teamId, code: invitationCode };
}

const request = (requester: UserProfile, invitationCode: string) =>
  teams.bus.request(teamsContracts.createJoinRequest, { userId: requester.id, invitationCode });

const decide = (owner: UserProfile, teamId: number, requestId: number, action: 'approve' | 'reject') =>
  teams.bus.request(teamsContracts.decideJoinRequest, { userId: owner.id, teamId, requestId, action });

const INVALID = { code: 'NOT_FOUND', message: 'Invalid or expired invitation code' };

describe('invitation codes and join requests', () => {
  it('makes a pending request, never membership, from a code typed in any case with hyphens', async () => {
    const { owner, teamId, code } = await workspaceWithCode('Growth');
    const dan = user({ firstName: 'Dan', lastName: 'Diaz', email: 'dan@example.org' });
    const typed = `${code.slice(0, 4).toLowerCase()}-${code.slice(4)}`;
    const mine = await request(dan, typed);
    expect(mine).toMatchObject({ teamName: 'Growth', status: 'pending', decidedAt: null, teamId: null });
    expect(
      (await failureOf(teams.bus.request(teamsContracts.getWorkspace, { userId: dan.id, teamId }))).code,
    ).toBe('NOT_FOUND');
    const pending = await teams.bus.request(teamsContracts.listJoinRequests, { userId: owner.id, teamId });
    expect(pending).toEqual([
      {
        invitationId: mine.id,
        userId: dan.id,
        requestorName: 'Dan Diaz',
        email: 'dan@example.org',
        requestedAt: mine.requestedAt,
        invitationCode: code,
        status: 'pending',
      },
    ]);
  });

  it('refuses a second pending request and a request from a member, with CONFLICT', async () => {
    const { owner, code } = await workspaceWithCode();
    const dan = user();
    await request(dan, code);
    expect((await failureOf(request(dan, code))).toBody()).toEqual({
      code: 'CONFLICT',
      message: 'You already have a pending request to join this workspace',
    });
    expect((await failureOf(request(owner, code))).toBody()).toEqual({
      code: 'CONFLICT',
      message: 'You are already a member of this workspace',
    });
  });

  it('is NOT_FOUND for an unknown, expired or replaced code', async () => {
    const { owner, teamId, code } = await workspaceWithCode();
    const dan = user();
    expect((await failureOf(request(dan, 'ZZZZZZZZ'))).toBody()).toEqual(INVALID);
    const { invitationCode: newer } = await teams.bus.request(teamsContracts.generateCode, {
      userId: owner.id,
      teamId,
    });
    expect(newer).not.toBe(code);
    expect((await failureOf(request(dan, code))).toBody()).toEqual(INVALID);
    await teams.query(
      `UPDATE teams.invitation_codes SET expires_at = now() - interval '1 second' WHERE code = $1`,
      [newer],
    );
    expect((await failureOf(request(dan, newer))).toBody()).toEqual(INVALID);
  });

  it('adds the requester on approval, announces it, and refuses a second decision', async () => {
    const { owner, teamId, code } = await workspaceWithCode();
    const dan = user();
    const mine = await request(dan, code);
    const decided = await decide(owner, teamId, mine.id, 'approve');
    expect(decided).toMatchObject({ invitationId: mine.id, status: 'approved' });
    expect(await teams.bus.request(teamsContracts.getWorkspace, { userId: dan.id, teamId })).toMatchObject({
      role: 'member',
      memberCount: 2,
    });
    const joined = await teams.eventOf('teams.member.joined', teamId, dan.id);
    expect(joined.payload).toMatchObject({ role: 'member', via: 'join-request' });
    for (const action of ['approve', 'reject'] as const) {
      expect((await failureOf(decide(owner, teamId, mine.id, action))).toBody()).toEqual({
        code: 'CONFLICT',
        message: 'This request has already been approved',
      });
    }
    expect(await teams.bus.request(teamsContracts.listJoinRequests, { userId: owner.id, teamId })).toEqual(
      [],
    );
    const [seen] = await teams.bus.request(teamsContracts.listMyJoinRequests, { userId: dan.id });
    expect(seen).toMatchObject({ id: mine.id, status: 'approved', teamId });
    expect(seen?.decidedAt).not.toBeNull();
  });

  it('keeps a rejected request, without membership, and lets the requester ask again', async () => {
    const { owner, teamId, code } = await workspaceWithCode();
    const dan = user();
    const mine = await request(dan, code);
    expect(await decide(owner, teamId, mine.id, 'reject')).toMatchObject({ status: 'rejected' });
    expect(
      (await failureOf(teams.bus.request(teamsContracts.getWorkspace, { userId: dan.id, teamId }))).code,
    ).toBe('NOT_FOUND');
    const [seen] = await teams.bus.request(teamsContracts.listMyJoinRequests, { userId: dan.id });
    expect(seen).toMatchObject({ status: 'rejected', teamId: null });
    expect(await request(dan, code)).toMatchObject({ status: 'pending' });
  });

  it('is NOT_FOUND for a request of another workspace or an unknown id', async () => {
    const first = await workspaceWithCode();
    const second = await workspaceWithCode();
    const mine = await request(user(), first.code);
    for (const requestId of [mine.id, 999_999]) {
      expect((await failureOf(decide(second.owner, second.teamId, requestId, 'approve'))).toBody()).toEqual({
        code: 'NOT_FOUND',
        message: 'Join request not found',
      });
    }
  });
});
