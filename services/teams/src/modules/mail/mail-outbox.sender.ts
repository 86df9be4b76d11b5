import { Inject, Injectable } from '@nestjs/common';
import { LOGGER, SERVICE_CONFIG } from '@warmpath/server-kit';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { TeamsConfig } from '../../config/teams.config.js';
import { invitationState } from '../invitations/invitation.mapper.js';
import { InvitationsRepository } from '../invitations/invitations.repository.js';
import { wasDelivered } from './delivery-check.js';
import { MailOutboxRepository, type OutboxMail } from './mail-outbox.repository.js';
import { outboxMessageId, senderDomain } from './outbox-message-id.js';

export const UNCONFIRMED_REASON =
  'Not confirmed: the mail service stopped during this send. It may have arrived; it is not sent again, so nobody gets it twice.';

/** Thrown when an attempt cannot be made now (another one is still running): try again later. */
export class AttemptBusyError extends Error {}

/**
 * One delivery attempt of an outbox mail, idempotent per (mail, attempt): the attempt and its
 * Message-ID are recorded before the SMTP send; an attempt found recorded but neither sent nor
 * failed was cut off by a crash, and is checked (delivered? then sent) instead of sent again
 * blindly. The exact guarantee: docs/intros.md, "The mail outbox".
 */
@Injectable()
export class MailOutboxSender {
  private transport: Transporter | null = null;
  private readonly domain: string;

  constructor(
    private readonly outbox: MailOutboxRepository,
    private readonly invitations: InvitationsRepository,
    @Inject(SERVICE_CONFIG) private readonly config: TeamsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.domain = senderDomain(config.MAIL_FROM);
    if (!config.SMTP_URL) return;
    const timeout = config.MAIL_SEND_TIMEOUT_MS;
    this.transport = nodemailer.createTransport({
      url: config.SMTP_URL,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    } as Parameters<typeof nodemailer.createTransport>[0]);
  }

  close(): void {
    this.transport?.close();
  }

  /**
   * Sends the mail if it is still owed. Throws when this attempt failed and the mail stays owed,
   * so the queue retries it after its backoff; the MAIL_ATTEMPTS-th failure is final (`failed`).
   */
  async deliver(outboxId: number): Promise<void> {
    const mail = await this.outbox.find(outboxId);
    if (!mail || (mail.status !== 'queued' && mail.status !== 'retrying')) return;
    if (mail.sendingSince) {
      const age = Date.now() - mail.sendingSince.getTime();
      if (age < this.config.MAIL_UNCONFIRMED_AFTER_MS)
        throw new AttemptBusyError('An attempt is still running');
      if (!(await this.settleCutOff(mail))) return;
    }
    const notOwed = await this.whyNotOwed(mail);
    if (notOwed) {
      await this.outbox.markFailed(mail.id, notOwed);
      return;
    }
    const claimed = await this.outbox.claimAttempt(mail.id, (attempt) =>
      outboxMessageId(mail.id, attempt, this.domain),
    );
    if (!claimed?.messageId) return;
    try {
      await this.transport?.sendMail({
        from: this.config.MAIL_FROM,
        to: claimed.recipient,
        subject: claimed.subject,
        text: claimed.text ?? '',
        html: claimed.html ?? undefined,
        messageId: claimed.messageId,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.logger.warn({ outboxId, attempt: claimed.attempts, err: message }, 'mail attempt failed');
      if (claimed.attempts >= this.config.MAIL_ATTEMPTS)
        await this.outbox.markFailed(mail.id, `Gave up after ${claimed.attempts} tries: ${message}`);
      else await this.outbox.markRetrying(mail.id, claimed.messageId, message);
      throw error;
    }
    if (this.config.MAIL_FAULT_EXIT_AFTER_SEND && this.config.NODE_ENV === 'test') {
      this.logger.warn({ outboxId }, 'test hook: exiting between the send and its record');
      process.exit(137);
    }
    await this.outbox.markSent(mail.id, claimed.messageId);
  }

  /**
   * A cut-off attempt: sent if the SMTP side can confirm it received that Message-ID, released
   * for a new attempt if it can say it did not, else failed with the reason (never sent twice).
   * True when a new attempt may follow.
   */
  private async settleCutOff(mail: OutboxMail): Promise<boolean> {
    const messageId = mail.messageId as string;
    const delivered = await wasDelivered(this.config.MAIL_DELIVERY_CHECK_URL, messageId);
    this.logger.warn({ outboxId: mail.id, messageId, delivered }, 'mail attempt was cut off; checking it');
    if (delivered === true) {
      await this.outbox.markSent(mail.id, messageId);
      return false;
    }
    if (delivered === false) return this.outbox.releaseAttempt(mail.id, messageId);
    await this.outbox.markFailed(mail.id, UNCONFIRMED_REASON);
    return false;
  }

  /** Why a mail is no longer owed (its invitation used, replaced or expired), or null. */
  private async whyNotOwed(mail: OutboxMail): Promise<string | null> {
    const lastError = mail.lastError ? ` Last error: ${mail.lastError}` : '';
    if (mail.notAfter && mail.notAfter.getTime() <= Date.now()) {
      // An invitation's mail is due until the invitation expires: the same words either way.
      return mail.invitationId === null
        ? `Not delivered before it stopped being needed.${lastError}`
        : `Not delivered before the invitation expired.${lastError}`;
    }
    if (mail.invitationId === null) return null;
    const invitation = await this.invitations.findById(mail.invitationId);
    if (!invitation) return 'Not sent: the invitation no longer exists.';
    switch (invitationState(invitation)) {
      case 'pending':
        return null;
      case 'accepted':
        return 'Not sent: the invitation was used before its mail went out.';
      case 'revoked':
        return 'Not sent: a newer invitation to this address replaced it.';
      case 'expired':
        return `Not delivered before the invitation expired.${lastError}`;
    }
  }
}
