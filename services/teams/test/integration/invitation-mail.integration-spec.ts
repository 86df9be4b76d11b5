import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { teamsContracts, type Invitation, type UserProfile } from '@warmpath/contracts';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { MAIL_OUTBOX_QUEUE, MailOutboxQueue } from '../../src/modules/mail/mail-outbox.queue.js';
import { UNCONFIRMED_REASON } from '../../src/modules/mail/mail-outbox.sender.js';
import { bootTeams, type RunningTeams } from './support/boot-teams.js';
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
    MAIL_UNCONFIRMED_AFTER_MS: '3000',
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
  const queue = new Queue(MAIL_OUTBOX_QUEUE, { connection: redis, prefix: redisPrefix });
  await queue.obliterate({ force: true });
  await queue.close();
  redis.disconnect();
}

/** The outbox row of an invitation's mail. */
async function outboxOf(invitationId: number) {
  const [row] = await teams.query<{
    id: number;
    status: string;
    attempts: number;
    message_id: string;
    text_body: string | null;
  }>(`SELECT id, status, attempts, message_id, text_body FROM teams.mail_outbox WHERE invitation_id = $1`, [
    invitationId,
  ]);
  return row;
}

const linkIn = (body: string) => /http:\/\/warmpath\.test:3000\/join\/([A-Za-z0-9_-]+)/.exec(body)?.[1];

describe('invitation mail through the outbox', () => {
  it('waits out an SMTP server that is down, then delivers and records it as sent', async () => {
    const { invitation, status } = await invite('late@example.org');
    expect(invitation.mailStatus).toBe('queued');
    const retrying = await until(status, (i) => i.mailStatus === 'retrying');
    expect(retrying.mailSentAt).toBeNull();
    expect(retrying.mailError).toEqual(expect.stringContaining('ECONNREFUSED'));
    await inbox.start();
    const mail = await inbox.mailTo('late@example.org');
    expect(linkIn(mail.body)).toBe(invitation.token);
    const sent = await until(status, (i) => i.mailStatus === 'sent');
    expect(sent.mailSentAt).not.toBeNull();
    expect(sent.mailError).toBeNull();
    const row = await outboxOf(invitation.id);
    expect(row?.attempts).toBeGreaterThan(1);
    // The Message-ID recorded before the last attempt is the one delivered; the token is erased.
    expect(row?.message_id).toBe(mail.messageId);
    expect(row?.text_body).toBeNull();
  });

  it('sends the invited address a mail naming the workspace and inviter, with a working link', async () => {
    const { teamId, invitation } = await invite('bea@example.org', 'Design Guild');
    const mail = await inbox.mailTo('bea@example.org');
    expect(mail.to).toEqual(['bea@example.org']);
    expect(mail.from).toBe('Warmpath Test <invites@warmpath.test>');
    expect(mail.subject).toBe('Olga Owner invited you to join Design Guild on Warmpath');
    expect(mail.body).toContain('expires on');
    const token = linkIn(mail.body) as string;
    expect(token).toBe(invitation.token);
    const bea = user({ email: 'bea@example.org' });
    expect(await teams.bus.request(teamsContracts.acceptInvitation, { userId: bea.id, token })).toEqual({
      teamId,
      teamName: 'Design Guild',
    });
  });

  it('delivers the very link shown at creation when the queue lost the job mid-retry', async () => {
    await inbox.stop();
    const { invitation, status } = await invite('lost@example.org');
    await until(status, (i) => i.mailStatus === 'retrying');
    await obliterateMailQueue();
    await teams.app.get(MailOutboxQueue).sweep();
    await inbox.start();
    const mail = await inbox.mailTo('lost@example.org');
    expect(linkIn(mail.body)).toBe(invitation.token);
    expect(
      await teams.bus.request(teamsContracts.lookupInvitation, { token: invitation.token }),
    ).toMatchObject({
      role: 'member',
    });
    await until(status, (i) => i.mailStatus === 'sent');
    expect(inbox.allTo('lost@example.org')).toHaveLength(1);
  });

  it('queues owed mails again when the service starts, with the same link, after Redis lost everything', async () => {
    await inbox.stop();
    const { invitation, status } = await invite('restart@example.org');
    await until(status, (i) => i.mailStatus === 'retrying');
    await obliterateMailQueue();
    await teams.restart();
    await inbox.start();
    const mail = await inbox.mailTo('restart@example.org');
    expect(linkIn(mail.body)).toBe(invitation.token);
    await until(status, (i) => i.mailStatus === 'sent');
  });

  it("ends an expired invitation's undeliverable mail as failed, with the reason", async () => {
    await inbox.stop();
    let status: Awaited<ReturnType<typeof invite>>['status'];
    try {
      const invited = await invite('never@example.org');
      status = invited.status;
      await until(status, (i) => i.mailStatus === 'retrying');
      // A retry may run between these two statements: it gives the same reason either way.
      await teams.query(
        `UPDATE teams.invitations SET expires_at = now() - interval '1 minute' WHERE id = $1`,
        [invited.invitation.id],
      );
      await teams.query(
        `UPDATE teams.mail_outbox SET not_after = now() - interval '1 minute' WHERE invitation_id = $1`,
        [invited.invitation.id],
      );
      const failed = await until(status, (i) => i.mailStatus === 'failed');
      expect(failed.state).toBe('expired');
      expect(failed.mailError).toMatch(
        /^Not delivered before the invitation expired\. Last error: .*ECONNREFUSED/,
      );
    } finally {
      // The next tests need the inbox, whatever happened here.
      await inbox.start();
    }
    await teams.app.get(MailOutboxQueue).sweep();
    expect((await status()).mailStatus).toBe('failed');
    expect(inbox.allTo('never@example.org')).toHaveLength(0);
  });
});

describe('an attempt cut off between the send and its record', () => {
  /** The state a crash right after the SMTP answer leaves: delivered, but recorded as still sending. */
  async function cutOffAfterDelivery(email: string) {
    const { invitation, status } = await invite(email);
    await until(status, (i) => i.mailStatus === 'sent');
    await teams.query(
      `UPDATE teams.mail_outbox SET status = 'retrying', sent_at = NULL, sending_since = now() - interval '1 hour'
       WHERE invitation_id = $1`,
      [invitation.id],
    );
    await teams.query(
      `UPDATE teams.invitations SET mail_status = 'retrying', mail_sent_at = NULL WHERE id = $1`,
      [invitation.id],
    );
    return { invitation, status };
  }

  it('is not sent again when the SMTP side cannot be asked: failed, saying so', async () => {
    const { status } = await cutOffAfterDelivery('cut@example.org');
    await teams.app.get(MailOutboxQueue).sweep();
    const settled = await until(status, (i) => i.mailStatus === 'failed');
    expect(settled.mailError).toBe(UNCONFIRMED_REASON);
    expect(inbox.allTo('cut@example.org')).toHaveLength(1);
  });
});
