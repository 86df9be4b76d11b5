import { Injectable } from '@nestjs/common';
import type { MailStatus } from '@warmpath/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { ComposedMail } from './invitation-mail.js';

/** A mail owed, as the outbox row holds it (see docs/intros.md, "The mail outbox"). */
export interface OutboxMail {
  id: number;
  key: string;
  teamId: number;
  invitationId: number | null;
  introId: number | null;
  recipient: string;
  subject: string;
  text: string | null;
  html: string | null;
  status: MailStatus;
  attempts: number;
  messageId: string | null;
  sendingSince: Date | null;
  notAfter: Date | null;
  sentAt: Date | null;
  lastError: string | null;
}

export interface NewOutboxMail {
  key: string;
  teamId: number;
  invitationId?: number;
  introId?: number;
  introEventId?: number;
  mail: ComposedMail;
  /** When the mail stops being owed (an invitation's expiry): still unsent then, it fails. */
  notAfter?: Date;
  status: 'queued' | 'disabled';
}

const COLUMNS = `id, key, team_id AS "teamId", invitation_id AS "invitationId", intro_id AS "introId",
  recipient, subject, text_body AS "text", html_body AS "html", status, attempts,
  message_id AS "messageId", sending_since AS "sendingSince", not_after AS "notAfter",
  sent_at AS "sentAt", last_error AS "lastError"`;

const clip = (text: string) => text.slice(0, 500);

/**
 * The outbox rows. Every state change of a send is one conditional UPDATE, so two senders (a
 * stalled job run again, a sweep) cannot both claim an attempt, and a final state never reverts.
 */
@Injectable()
export class MailOutboxRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Owes a mail once per key: a second call with the same key is a no-op (null). */
  async add(manager: EntityManager, row: NewOutboxMail): Promise<number | null> {
    const rows: { id: number }[] = await manager.query(
      `INSERT INTO teams.mail_outbox (key, team_id, invitation_id, intro_id, intro_event_id, recipient,
         subject, text_body, html_body, status, not_after)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (key) DO NOTHING RETURNING id`,
      [
        row.key,
        row.teamId,
        row.invitationId ?? null,
        row.introId ?? null,
        row.introEventId ?? null,
        row.mail.to,
        row.mail.subject.slice(0, 500),
        row.mail.text,
        row.mail.html,
        row.status,
        row.notAfter ?? null,
      ],
    );
    return rows[0]?.id ?? null;
  }

  async find(id: number): Promise<OutboxMail | null> {
    const rows: OutboxMail[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM teams.mail_outbox WHERE id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  async findByInvitation(invitationId: number): Promise<OutboxMail | null> {
    const rows: OutboxMail[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM teams.mail_outbox WHERE invitation_id = $1 ORDER BY id DESC LIMIT 1`,
      [invitationId],
    );
    return rows[0] ?? null;
  }

  /**
   * Claims the next attempt: records its Message-ID and when it started BEFORE anything is sent.
   * Null when the mail is final or another sender holds an attempt.
   */
  async claimAttempt(id: number, messageId: (attempt: number) => string): Promise<OutboxMail | null> {
    const current = await this.find(id);
    if (!current) return null;
    const next = current.attempts + 1;
    // Wrapped in a SELECT: TypeORM answers an UPDATE's rows as [rows, count], a SELECT's as rows.
    const rows: OutboxMail[] = await this.dataSource.query(
      `WITH claimed AS (
         UPDATE teams.mail_outbox SET attempts = $2, message_id = $3, sending_since = now()
         WHERE id = $1 AND attempts = $4 AND sending_since IS NULL AND status IN ('queued', 'retrying')
         RETURNING *)
       SELECT ${COLUMNS} FROM claimed`,
      [id, next, messageId(next), current.attempts],
    );
    return rows[0] ?? null;
  }

  /** Delivered: the bodies (an invitation's carries its token) are erased, only the record stays. */
  async markSent(id: number, messageId: string): Promise<boolean> {
    return this.finish(
      id,
      `status = 'sent', sent_at = now(), sending_since = NULL, last_error = NULL,
       text_body = NULL, html_body = NULL`,
      [messageId],
      'AND message_id = $2',
    );
  }

  /** This attempt failed; the mail stays owed and is tried again after the backoff. */
  async markRetrying(id: number, messageId: string, error: string): Promise<boolean> {
    return this.finish(
      id,
      `status = 'retrying', sending_since = NULL, last_error = $3`,
      [messageId, clip(error)],
      'AND message_id = $2',
    );
  }

  /** Final: never sent again. The reason is shown to whoever caused the mail. */
  async markFailed(id: number, reason: string): Promise<boolean> {
    return this.finish(
      id,
      `status = 'failed', sending_since = NULL, last_error = $2, text_body = NULL, html_body = NULL`,
      [clip(reason)],
      '',
    );
  }

  /** An unconfirmed attempt found not delivered: released for a new attempt (a new Message-ID). */
  async releaseAttempt(id: number, messageId: string): Promise<boolean> {
    return this.finish(id, `sending_since = NULL`, [messageId], 'AND message_id = $2');
  }

  private async finish(id: number, set: string, params: unknown[], extra: string): Promise<boolean> {
    // The invitation's own mail columns follow in the same statement (its list shows them).
    const rows: unknown[] = await this.dataSource.query(
      `WITH o AS (
         UPDATE teams.mail_outbox SET ${set}
         WHERE id = $1 AND status IN ('queued', 'retrying') ${extra}
         RETURNING id, invitation_id, status, sent_at, last_error, attempts),
       i AS (
         UPDATE teams.invitations inv SET mail_status = o.status, mail_sent_at = o.sent_at,
           mail_last_error = o.last_error, mail_attempts = o.attempts
         FROM o WHERE inv.id = o.invitation_id RETURNING inv.id)
       SELECT id FROM o`,
      [id, ...params],
    );
    return rows.length > 0;
  }

  /** Mails still owed and older than `graceMs` (younger ones are left to their own enqueue). */
  async findOwed(graceMs: number): Promise<OutboxMail[]> {
    return this.dataSource.query(
      `SELECT ${COLUMNS} FROM teams.mail_outbox
       WHERE status IN ('queued', 'retrying')
         AND created_at < now() - make_interval(secs => $1::double precision / 1000)
       ORDER BY id`,
      [graceMs],
    );
  }
}
