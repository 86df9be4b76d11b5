import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { teamsContracts, type InviteRole, type UserProfile } from '@warmpath/contracts';
import { createHash } from 'node:crypto';
import { bootTeams, failureOf, type RunningTeams } from './support/boot-teams.js';

let teams: RunningTeams;

beforeAll(async () => {
  // No SMTP_URL: invitations are stored with mail status 'disabled' and their link shown.
  teams = await bootTeams({ PUBLIC_URL: 'http://warmpath.test:8080/' });
});

afterAll(async () => {
  await teams?.close();
});

let n = 0;
const user = (fields: Partial<UserProfile> = {}) => teams.addUser({ username: `user${++n}`, ...fields });

async function workspace(name = 'Sales') {
  const owner = user({ firstName: 'Olga', lastName: 'Owner' });
  const created = await teams.bus.request(teamsContracts.createWorkspace, {
    userId: owner.id,
    workspace: { name, description: 'Our team' },
  });
  return { owner, teamId: created.id };
}

const invite = (owner: UserProfile, teamId: number, email: string, role: InviteRole = 'member') =>
  teams.bus.request(teamsContracts.createInvitation, {
    userId: owner.id,
    teamId,
    invitation: { email, role },
  });

const accept = (invitee: UserProfile, token: string) =>
  teams.bus.request(teamsContracts.acceptInvitation, { userId: invitee.id, token });

describe('e-mail invitations', () => {
  it('answers a long random token and its link once, and stores only its hash', async () => {
    const { owner, teamId } = await workspace();
    const invitation = await invite(owner, teamId, 'Bea@Example.org', 'admin');
    expect(invitation).toMatchObject({
      teamId,
      email: 'Bea@Example.org',
      role: 'admin',
      inviterName: 'Olga Owner',
      state: 'pending',
      mailStatus: 'disabled',
      mailSentAt: null,
    });
    expect(invitation.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(invitation.joinUrl).toBe(`http://warmpath.test:8080/join/${invitation.token}`);
    const expiresIn = Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt);
    expect(expiresIn).toBe(7 * 24 * 3600 * 1000);
    const rows = await teams.query<{ token_hash: string }>(
      `SELECT token_hash FROM teams.invitations WHERE id = $1`,
      [invitation.id],
    );
    expect(rows[0]?.token_hash).toBe(createHash('sha256').update(invitation.token).digest('hex'));
    const listed = await teams.bus.request(teamsContracts.listInvitations, { userId: owner.id, teamId });
    expect(listed).toHaveLength(1);
    expect(listed[0]).not.toHaveProperty('token');
  });

  it('shows the workspace, inviter, role and expiry to anyone with the link, never the address', async () => {
    const { owner, teamId } = await workspace('Design guild');
    const invitation = await invite(owner, teamId, 'bea@example.org');
    const lookup = await teams.bus.request(teamsContracts.lookupInvitation, { token: invitation.token });
    expect(lookup).toEqual({
      teamName: 'Design guild',
      inviterName: 'Olga Owner',
      role: 'member',
      expiresAt: invitation.expiresAt,
    });
  });

  it('is NOT_FOUND for an unknown or malformed token', async () => {
    for (const token of ['A'.repeat(43), 'short', '../../etc/passwd']) {
      const failure = await failureOf(teams.bus.request(teamsContracts.lookupInvitation, { token }));
      expect(failure.toBody()).toEqual({ code: 'NOT_FOUND', message: 'Invitation not found' });
      expect((await failureOf(accept(user(), token))).code).toBe('NOT_FOUND');
    }
  });

  it('joins the invited account at once with the invited role, ignoring the case of the address', async () => {
    const { owner, teamId } = await workspace('Growth');
    const bea = user({ email: 'bea.costa@example.org' });
    const invitation = await invite(owner, teamId, 'Bea.Costa@EXAMPLE.org', 'admin');
    expect(await accept(bea, invitation.token)).toEqual({ teamId, teamName: 'Growth' });
    const joined = await teams.eventOf('teams.member.joined', teamId, bea.id);
    expect(joined.payload).toMatchObject({ role: 'admin', via: 'invitation' });
    const workspaceSeen = await teams.bus.request(teamsContracts.getWorkspace, { userId: bea.id, teamId });
    expect(workspaceSeen).toMatchObject({ role: 'admin', memberCount: 2 });
  });

  it('refuses another account with a message naming the invited address, masked', async () => {
    const { owner, teamId } = await workspace();
    const invitation = await invite(owner, teamId, 'bea@example.org');
    const carl = user({ email: 'carl@example.org' });
    const failure = await failureOf(accept(carl, invitation.token));
    expect(failure.toBody()).toEqual({
      code: 'FORBIDDEN',
      message: 'This invitation was sent to b***@example.org. Sign in with that account to accept it.',
    });
    expect(
      (await failureOf(teams.bus.request(teamsContracts.getWorkspace, { userId: carl.id, teamId }))).code,
    ).toBe('NOT_FOUND');
  });

  it('works once: a used link is GONE for lookups and accepts', async () => {
    const { owner, teamId } = await workspace();
    const bea = user({ email: 'bea@example.org' });
    const invitation = await invite(owner, teamId, 'bea@example.org');
    await accept(bea, invitation.token);
    const used = { code: 'GONE', message: 'This invitation has already been used.' };
    expect((await failureOf(accept(bea, invitation.token))).toBody()).toEqual(used);
    expect(
      (
        await failureOf(teams.bus.request(teamsContracts.lookupInvitation, { token: invitation.token }))
      ).toBody(),
    ).toEqual(used);
    const [listed] = await teams.bus.request(teamsContracts.listInvitations, { userId: owner.id, teamId });
    expect(listed?.state).toBe('accepted');
  });

  it("is 'expired' after its seven days", async () => {
    const { owner, teamId } = await workspace();
    const bea = user({ email: 'bea@example.org' });
    const invitation = await invite(owner, teamId, 'bea@example.org');
    await teams.query(`UPDATE teams.invitations SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      invitation.id,
    ]);
    const expired = { code: 'expired', message: 'This invitation has expired.' };
    expect(
      (
        await failureOf(teams.bus.request(teamsContracts.lookupInvitation, { token: invitation.token }))
      ).toBody(),
    ).toEqual(expired);
    expect((await failureOf(accept(bea, invitation.token))).toBody()).toEqual(expired);
  });

  it('revokes an earlier unused invitation to the same address when a new one is made', async () => {
    const { owner, teamId } = await workspace();
    const bea = user({ email: 'bea@example.org' });
    const first = await invite(owner, teamId, 'bea@example.org');
    const second = await invite(owner, teamId, 'BEA@example.org');
    expect((await failureOf(accept(bea, first.token))).toBody()).toEqual({
      code: 'GONE',
      message: 'This invitation is no longer valid.',
    });
    expect(await accept(bea, second.token)).toMatchObject({ teamId });
  });

  it('lets someone already a member accept without changing their role or announcing a second join', async () => {
    const { owner, teamId } = await workspace();
    const bea = user({ email: 'bea@example.org' });
    await accept(bea, (await invite(owner, teamId, 'bea@example.org', 'member')).token);
    const again = await invite(owner, teamId, 'bea@example.org', 'admin');
    expect(await accept(bea, again.token)).toMatchObject({ teamId });
    const members = await teams.bus.request(teamsContracts.listMembers, { userId: owner.id, teamId });
    expect(members.find((m) => m.userId === bea.id)?.role).toBe('member');
    const joins = teams.events.filter(
      (e) =>
        e.subject === 'teams.member.joined' && e.payload.teamId === teamId && e.payload.userId === bea.id,
    );
    expect(joins).toHaveLength(1);
  });

  it('lets exactly one of two simultaneous accepts of one link through', async () => {
    const { owner, teamId } = await workspace();
    const bea = user({ email: 'bea@example.org' });
    const invitation = await invite(owner, teamId, 'bea@example.org');
    const results = await Promise.allSettled([accept(bea, invitation.token), accept(bea, invitation.token)]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
  });
});
