import { Injectable } from '@nestjs/common';
import type { JoinRequestState } from '@warmpath/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { InvitationCodeEntity, JoinRequestEntity } from '../../database/entities/index.js';

export interface MyJoinRequestRow {
  id: number;
  teamId: number;
  teamName: string;
  status: JoinRequestState;
  requestedAt: Date;
  decidedAt: Date | null;
}

const UNIQUE_VIOLATION = '23505';

export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string }).code === UNIQUE_VIOLATION;
}

/** Invitation codes and the join requests made with them. */
@Injectable()
export class JoinRequestsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Revokes the workspace's active code and stores the new one; a unique violation means the code is taken. */
  replaceActiveCode(fields: Pick<InvitationCodeEntity, 'teamId' | 'code' | 'createdById' | 'expiresAt'>) {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(
        `UPDATE teams.invitation_codes SET revoked_at = now() WHERE team_id = $1 AND revoked_at IS NULL`,
        [fields.teamId],
      );
      return manager.save(manager.create(InvitationCodeEntity, fields));
    });
  }

  findActiveCode(code: string): Promise<InvitationCodeEntity | null> {
    return this.dataSource
      .getRepository(InvitationCodeEntity)
      .createQueryBuilder('c')
      .where('c.code = :code AND c.revoked_at IS NULL', { code })
      .getOne();
  }

  /** Throws a unique violation when the user already has a pending request for the workspace. */
  createRequest(
    fields: Pick<JoinRequestEntity, 'teamId' | 'userId' | 'code' | 'requestorName' | 'requestorEmail'>,
  ): Promise<JoinRequestEntity> {
    const requests = this.dataSource.getRepository(JoinRequestEntity);
    return requests.save(requests.create(fields));
  }

  findPendingByTeamId(teamId: number): Promise<JoinRequestEntity[]> {
    return this.dataSource
      .getRepository(JoinRequestEntity)
      .find({ where: { teamId, status: 'pending' }, order: { requestedAt: 'ASC', id: 'ASC' } });
  }

  findRequestsOfUser(userId: number): Promise<MyJoinRequestRow[]> {
    return this.dataSource.query(
      `SELECT r.id, r.team_id AS "teamId", w.name AS "teamName", r.status,
              r.requested_at AS "requestedAt", r.decided_at AS "decidedAt"
       FROM teams.join_requests r JOIN teams.workspaces w ON w.id = r.team_id
       WHERE r.user_id = $1 ORDER BY r.requested_at DESC, r.id DESC`,
      [userId],
    );
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** Locked until the transaction ends, so two decisions on one request cannot both apply. */
  lockRequest(manager: EntityManager, teamId: number, id: number): Promise<JoinRequestEntity | null> {
    return manager.findOne(JoinRequestEntity, { where: { id, teamId }, lock: { mode: 'pessimistic_write' } });
  }

  async saveDecision(manager: EntityManager, request: JoinRequestEntity): Promise<void> {
    await manager.update(
      JoinRequestEntity,
      { id: request.id },
      { status: request.status, decidedAt: request.decidedAt, decidedById: request.decidedById },
    );
  }
}
