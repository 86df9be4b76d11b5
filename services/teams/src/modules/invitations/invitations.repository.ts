import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { InvitationEntity } from '../../database/entities/index.js';

/** A fresh invitation's own fields; the rest (dates of use, mail progress) start empty. */
export type NewInvitation = Pick<
  InvitationEntity,
  'teamId' | 'tokenHash' | 'email' | 'role' | 'invitedById' | 'createdAt' | 'expiresAt' | 'mailStatus'
>;

@Injectable()
export class InvitationsRepository {
  constructor(private readonly dataSource: DataSource) {}

  private get invitations() {
    return this.dataSource.getRepository(InvitationEntity);
  }

  /**
   * Stores a new invitation and revokes the workspace's earlier unused ones to the same address
   * (case-insensitively): only the newest link to one person works.
   */
  createReplacingEarlier(fields: NewInvitation): Promise<InvitationEntity> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(
        `UPDATE teams.invitations SET revoked_at = now()
         WHERE team_id = $1 AND lower(email) = lower($2) AND accepted_at IS NULL AND revoked_at IS NULL`,
        [fields.teamId, fields.email],
      );
      return manager.save(manager.create(InvitationEntity, fields));
    });
  }

  findByTokenHash(tokenHash: string): Promise<InvitationEntity | null> {
    return this.invitations.findOneBy({ tokenHash });
  }

  findById(id: number): Promise<InvitationEntity | null> {
    return this.invitations.findOneBy({ id });
  }

  findInvitationsByTeamId(teamId: number): Promise<InvitationEntity[]> {
    return this.invitations.find({ where: { teamId }, order: { createdAt: 'DESC', id: 'DESC' } });
  }

  /** The row locked for the rest of the transaction, so two accepts of one link cannot both pass. */
  lockById(manager: EntityManager, id: number): Promise<InvitationEntity | null> {
    return manager.findOne(InvitationEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  async markAccepted(manager: EntityManager, id: number, userId: number): Promise<void> {
    await manager.update(InvitationEntity, { id }, { acceptedAt: new Date(), acceptedById: userId });
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  async markMailSent(id: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE teams.invitations SET mail_status = 'sent', mail_sent_at = now(),
         mail_attempts = mail_attempts + 1, mail_last_error = NULL WHERE id = $1`,
      [id],
    );
  }

  async markMailRetrying(id: number, error: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE teams.invitations SET mail_status = 'retrying', mail_attempts = mail_attempts + 1,
         mail_last_error = $2 WHERE id = $1 AND mail_status <> 'sent'`,
      [id, error.slice(0, 500)],
    );
  }

  /**
   * Invitations whose mail is still owed: queued or retrying, still usable, and older than
   * `graceMs` (so a sweep never races the enqueue that follows a fresh invitation).
   */
  async findMailOwed(graceMs: number): Promise<number[]> {
    const rows: { id: number }[] = await this.dataSource.query(
      `SELECT id FROM teams.invitations
       WHERE mail_status IN ('queued', 'retrying') AND accepted_at IS NULL AND revoked_at IS NULL
         AND expires_at > now() AND created_at < now() - make_interval(secs => $1::double precision / 1000)
       ORDER BY id`,
      [graceMs],
    );
    return rows.map((row) => row.id);
  }

  /** A new token for an invitation whose queued mail (which carried the only copy of the old one) was lost. */
  async replaceTokenHash(id: number, tokenHash: string): Promise<void> {
    await this.dataSource.query(`UPDATE teams.invitations SET token_hash = $2 WHERE id = $1`, [
      id,
      tokenHash,
    ]);
  }
}
