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
  createReplacingEarlier<T>(
    fields: NewInvitation,
    alongside: (manager: EntityManager, invitation: InvitationEntity) => Promise<T>,
  ): Promise<{ invitation: InvitationEntity; alongside: T }> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(
        `UPDATE teams.invitations SET revoked_at = now()
         WHERE team_id = $1 AND lower(email) = lower($2) AND accepted_at IS NULL AND revoked_at IS NULL`,
        [fields.teamId, fields.email],
      );
      const invitation = await manager.save(manager.create(InvitationEntity, fields));
      return { invitation, alongside: await alongside(manager, invitation) };
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
}
