import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { teamsContracts, type UserProfile } from '@warmpath/contracts';
import { bootTeams, type RunningTeams } from './support/boot-teams.js';

// teams.invitation.check: whether a registration carries a usable invitation for its own e-mail
// (the gateway then counts it against the invitation instead of the client address).
let teams: RunningTeams;

beforeAll(async () => {
  teams = await bootTeams();
});

afterAll(async () => {
  await teams?.close();
});

let n = 0;
const user = (fields: Partial<UserProfile> = {}) => teams.addUser({ username: `checker${++n}`, ...fields });
const check = (token: string, email: string) =>
  teams.bus.request(teamsContracts.checkInvitation, { token, email });

async function invitation(email: string) {
  const owner = user();
  const { id: teamId } = await teams.bus.request(teamsContracts.createWorkspace, {
    userId: owner.id,
    workspace: { name: 'Office', description: null },
  });
  const created = await teams.bus.request(teamsContracts.createInvitation, {
    userId: owner.id,
    teamId,
    invitation: { email, role: 'member' },
  });
  return { ...created, owner, teamId };
}

describe('teams.invitation.check', () => {
  it('vouches for a pending invitation sent to that e-mail, however the e-mail is cased', async () => {
    const { token } = await invitation('Dana@Example.org');
    expect(await check(token, 'dana@example.org')).toEqual({ usable: true });
  });

  it('answers the same "not usable" for another e-mail, an unknown token and a malformed one', async () => {
    const { token } = await invitation('eli@example.org');
    expect(await check(token, 'someone@example.org')).toEqual({ usable: false });
    expect(await check('A'.repeat(43), 'eli@example.org')).toEqual({ usable: false });
    expect(await check('not a token', 'eli@example.org')).toEqual({ usable: false });
  });

  it('no longer vouches once the invitation is accepted, expired or replaced', async () => {
    const accepted = await invitation('finn@example.org');
    const finn = user({ email: 'finn@example.org' });
    await teams.bus.request(teamsContracts.acceptInvitation, { userId: finn.id, token: accepted.token });
    expect(await check(accepted.token, 'finn@example.org')).toEqual({ usable: false });

    const expired = await invitation('gus@example.org');
    await teams.query(`UPDATE teams.invitations SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      expired.id,
    ]);
    expect(await check(expired.token, 'gus@example.org')).toEqual({ usable: false });

    const first = await invitation('hana@example.org');
    await teams.bus.request(teamsContracts.createInvitation, {
      userId: first.owner.id,
      teamId: first.teamId,
      invitation: { email: 'hana@example.org', role: 'member' },
    });
    expect(await check(first.token, 'hana@example.org')).toEqual({ usable: false });
  });
});
