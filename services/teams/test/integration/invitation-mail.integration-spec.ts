import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { teamsContracts, type Invitation, type UserProfile } from '@warmpath/contracts';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { INVITATION_MAIL_QUEUE, InvitationMailQueue } from '../../src/modules/mail/invitation-mail.queue.js';
import { bootTeams, failureOf, type RunningTeams } from './support/boot-teams.js';
import { freePort, SmtpInbox, until } from './support/smtp-inbox.js';

let teams: RunningTeams;
let inbox: SmtpInbox;
let redisPrefix: string;

beforeAll(async () => {
  inbox = new SmtpInbox(await freePort());
  redisPrefix = `teams-mail-it-${Date.now()}`;
  // The inbox is not started: the first test begins with the SMTP server down.
  teams = await bootTeams({
    SMTP_URL: inbox.url,
    MAIL_FROM: 'Warmpath Test <invites@warmpath.test>',
    PUBLIC_URL: 'http://warmpath.test:3000',
    REDIS_PREFIX: `${redisPrefix}:`,
    MAIL_BACKOFF_MS: '50',
    MAIL_BACKOFF_MAX_MS: '300',
    MAIL_SWEEP_GRACE_MS: '0',
    MAIL_SWEEP_INTERVAL_MS: '3600000',
    MAIL_SEND_TIMEOUT_MS: '2000',
  });
});

afterAll(async () => {
  await teams?.close();
  await inbox?.stop();
});

let n = 0;
const user = (fields: Partial<UserProfile> = {}) => teams.addUser({ username: `mail${++n}`, ...fields });

async function invite(email: string, workspaceName = 'Sales Team') {
  const owner = user({ firstName: 'Olga', lastName: 'Owner' });
  const { id: teamId } = await teams.bus.request(teamsContracts.createWorkspace, {
    userId: owner.id,
    workspace: { name: workspaceName, description: null },
  });
  const invitation = await teams.bus.request(teamsContracts.createInvitation, {
    userId: owner.id,
    teamId,
    invitation: { email, role: 'member' },
  });
  const status = () =>
    teams.bus
      .request(teamsContracts.listInvitations, { userId: owner.id, teamId })
      .then((list) => list.find((i) => i.id === invitation.id) as Invitation);
  return { owner, teamId, invitation, status };
}

/** What a Redis that lost its data (or a flushed one) leaves of the mail queue: nothing. */
async function obliterateMailQueue(): Promise<void> {
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
  const queue = new Queue(INVITATION_MAIL_QUEUE, { connection: redis, prefix: redisPrefix });
  await queue.obliterate({ force: true });
  await queue.close();
  redis.disconnect();
}

const linkIn = (body: string) => /http:\/\/warmpath\.test:3000\/join\/([A-Za-z0-9_-]+)/.exec(body)?.[1];

describe('invitation mail', () => {
  it('waits out an SMTP server that is down, then delivers and records it as sent', async () => {
    const { invitation, status } = await invite('late@example.org');
    expect(invitation.mailStatus).toBe('queued');
    const retrying = await until(status, (i) => i.mailStatus === 'retrying');
    expect(retrying.mailSentAt).toBeNull();
    await inbox.start();
    const mail = await inbox.mailTo('late@example.org');
    expect(linkIn(mail.body)).toBe(invitation.token);
    const sent = await until(status, (i) => i.mailStatus === 'sent');
    expect(sent.mailSentAt).not.toBeNull();
    const [row] = await teams.query<{ mail_attempts: number }>(
      `SELECT mail_attempts FROM teams.invitations WHERE id = $1`,
      [invitation.id],
    );
    expect(row?.mail_attempts).toBeGreaterThan(1);
  });

  it('sends the invited address a mail naming the workspace and inviter, with a working link', async () => {
    const { teamId, invitation } = await invite('bea@example.org', 'Design Guild');
    const mail = await inbox.mailTo('bea@example.org');
    expect(mail.to).toEqual(['bea@example.org']);
    expect(mail.from).toBe('Warmpath Test <invites@warmpath.test>');
    expect(mail.subject).toBe('Olga Owner invited you to join Design Guild on Warmpath');
    expect(mail.body).toContain('Design Guild');
    expect(mail.body).toContain('expires on');
    const token = linkIn(mail.body) as string;
    expect(token).toBe(invitation.token);
    expect(await teams.bus.request(teamsContracts.lookupInvitation, { token })).toMatchObject({
      teamName: 'Design Guild',
      inviterName: 'Olga Owner',
    });
    const bea = user({ email: 'bea@example.org' });
    expect(await teams.bus.request(teamsContracts.acceptInvitation, { userId: bea.id, token })).toEqual({
      teamId,
      teamName: 'Design Guild',
    });
  });

  it('sends a fresh link when the queue lost the job of an invitation whose mail is owed', async () => {
    await inbox.stop();
    const { invitation, status } = await invite('lost@example.org');
    await until(status, (i) => i.mailStatus === 'retrying');
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', {
      maxRetriesPerRequest: null,
    });
    const queue = new Queue(INVITATION_MAIL_QUEUE, { connection: redis, prefix: redisPrefix });
    await queue.obliterate({ force: true });
    await queue.close();
    redis.disconnect();
    await teams.app.get(InvitationMailQueue).sweep();
    await inbox.start();
    const mail = await inbox.mailTo('lost@example.org');
    const token = linkIn(mail.body) as string;
    expect(token).not.toBe(invitation.token);
    expect(await teams.bus.request(teamsContracts.lookupInvitation, { token })).toMatchObject({
      role: 'member',
    });
    expect(
      (await failureOf(teams.bus.request(teamsContracts.lookupInvitation, { token: invitation.token }))).code,
    ).toBe('NOT_FOUND');
    await until(status, (i) => i.mailStatus === 'sent');
  });

  it('queues owed mails again when the service starts, so a restart after losing Redis loses none', async () => {
    await inbox.stop();
    const { invitation, status } = await invite('restart@example.org');
    await until(status, (i) => i.mailStatus === 'retrying');
    await obliterateMailQueue();
    await teams.restart();
    await inbox.start();
    const mail = await inbox.mailTo('restart@example.org');
    const token = linkIn(mail.body) as string;
    expect(token).not.toBe(invitation.token);
    expect(await teams.bus.request(teamsContracts.lookupInvitation, { token })).toMatchObject({
      teamName: 'Sales Team',
    });
    await until(status, (i) => i.mailStatus === 'sent');
  });
});
