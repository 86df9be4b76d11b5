import { Injectable } from '@nestjs/common';
import type { WorkspaceRole } from '@warmpath/contracts';
import { DataSource } from 'typeorm';
import { MemberEntity, WorkspaceEntity } from '../../database/entities/index.js';

/** A workspace as one of its members sees it: their role and the real member count. */
export interface WorkspaceRow {
  id: number;
  name: string;
  description: string | null;
  createdById: number;
  createdAt: Date;
  role: WorkspaceRole;
  memberCount: number;
}

const SELECT_FOR_MEMBER = `
  SELECT w.id, w.name, w.description, w.created_by_id AS "createdById", w.created_at AS "createdAt",
         m.role, (SELECT count(*) FROM teams.members c WHERE c.team_id = w.id)::int AS "memberCount"
  FROM teams.workspaces w
  JOIN teams.members m ON m.team_id = w.id AND m.user_id = $1`;

@Injectable()
export class WorkspacesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The workspace and its owner's membership, in one transaction. */
  createWithOwner(
    ownerId: number,
    fields: { name: string; description: string | null },
  ): Promise<{ workspace: WorkspaceEntity; owner: MemberEntity }> {
    return this.dataSource.transaction(async (manager) => {
      const workspace = await manager.save(
        manager.create(WorkspaceEntity, { ...fields, createdById: ownerId }),
      );
      const owner = await manager.save(
        manager.create(MemberEntity, { teamId: workspace.id, userId: ownerId, role: 'owner' }),
      );
      return { workspace, owner: await manager.findOneByOrFail(MemberEntity, { id: owner.id }) };
    });
  }

  findWorkspacesOfMember(userId: number): Promise<WorkspaceRow[]> {
    return this.dataSource.query(`${SELECT_FOR_MEMBER} ORDER BY w.created_at DESC, w.id DESC`, [userId]);
  }

  async findWorkspaceOfMember(teamId: number, userId: number): Promise<WorkspaceRow | null> {
    const rows: WorkspaceRow[] = await this.dataSource.query(`${SELECT_FOR_MEMBER} WHERE w.id = $2`, [
      userId,
      teamId,
    ]);
    return rows[0] ?? null;
  }

  findById(teamId: number): Promise<WorkspaceEntity | null> {
    return this.dataSource.getRepository(WorkspaceEntity).findOneBy({ id: teamId });
  }

  /** Deletes the workspace and, by cascade, its members, invitations, codes and requests. Answers who were members. */
  deleteWorkspace(teamId: number): Promise<number[]> {
    return this.dataSource.transaction(async (manager) => {
      const rows: { user_id: number }[] = await manager.query(
        `SELECT user_id FROM teams.members WHERE team_id = $1 ORDER BY user_id FOR UPDATE`,
        [teamId],
      );
      await manager.query(`DELETE FROM teams.workspaces WHERE id = $1`, [teamId]);
      return rows.map((row) => row.user_id);
    });
  }
}
