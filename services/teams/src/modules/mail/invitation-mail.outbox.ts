import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { SERVICE_CONFIG } from '@warmpath/server-kit';
import { DataSource, type EntityManager } from 'typeorm';
import type { TeamsConfig } from '../../config/teams.config.js';
import { InvitationEntity } from '../../database/entities/index.js';
import { nameOf, ProfilesClient } from '../access/profiles.client.js';
import { hashInvitationToken, newInvitationToken } from '../invitations/invitation-token.js';
import { composeInvitationMail } from './invitation-mail.js';
import { MailOutboxQueue } from './mail-outbox.queue.js';
import { MailOutboxRepository } from './mail-outbox.repository.js';

export const invitationJoinUrl = (publicUrl: string, token: string) => `${publicUrl}/join/${token}`;

/**
 * Invitation mails in the outbox. The mail (with the link, so the token) is stored in the row
 * while it is owed and erased once sent or failed: the queue can lose everything and the sweep
 * still sends the very link the inviter was shown. Only the token's hash outlives the mail.
 */
@Injectable()
export class InvitationMailOutbox implements OnModuleInit {
  constructor(
    private readonly outbox: MailOutboxRepository,
    private readonly queue: MailOutboxQueue,
    private readonly profiles: ProfilesClient,
    private readonly dataSource: DataSource,
    @Inject(SERVICE_CONFIG) private readonly config: TeamsConfig,
  ) {}

  onModuleInit(): void {
    this.queue.beforeSweep(() => this.oweFromBefore());
  }

  get isEnabled(): boolean {
    return this.queue.isEnabled;
  }

  /** In the invitation's own transaction: the mail is owed exactly when the invitation exists. */
  owe(
    manager: EntityManager,
    invitation: InvitationEntity,
    token: string,
    workspaceName: string,
    inviterName: string,
  ): Promise<number | null> {
    return this.outbox.add(manager, {
      key: `invitation:${invitation.id}`,
      teamId: invitation.teamId,
      invitationId: invitation.id,
      status: this.queue.isEnabled ? 'queued' : 'disabled',
      notAfter: invitation.expiresAt,
      mail: composeInvitationMail({
        from: this.config.MAIL_FROM,
        to: invitation.email,
        workspaceName,
        inviterName,
        joinUrl: invitationJoinUrl(this.config.PUBLIC_URL, token),
        expiresAt: invitation.expiresAt,
      }),
    });
  }

  enqueue(outboxId: number | null): void {
    this.queue.enqueue(outboxId);
  }

  /**
   * Invitations queued before the outbox existed carried their only token in a Redis job: those
   * still owed get one new token, once, and an outbox row; from then on the token never changes.
   */
  private async oweFromBefore(): Promise<void> {
    const rows: { id: number; name: string }[] = await this.dataSource.query(
      `SELECT i.id, w.name FROM teams.invitations i JOIN teams.workspaces w ON w.id = i.team_id
       WHERE i.mail_status IN ('queued', 'retrying') AND i.accepted_at IS NULL AND i.revoked_at IS NULL
         AND i.expires_at > now()
         AND NOT EXISTS (SELECT 1 FROM teams.mail_outbox o WHERE o.invitation_id = i.id)`,
    );
    for (const row of rows) {
      const token = newInvitationToken();
      const outboxId = await this.dataSource.transaction(async (manager) => {
        const invitation = await manager.findOneBy(InvitationEntity, { id: row.id });
        if (!invitation) return null;
        await manager.query(`UPDATE teams.invitations SET token_hash = $2 WHERE id = $1`, [
          row.id,
          hashInvitationToken(token),
        ]);
        const inviterName = nameOf(await this.profiles.profileOf(invitation.invitedById));
        return this.owe(manager, invitation, token, row.name, inviterName);
      });
      this.enqueue(outboxId);
    }
  }
}
