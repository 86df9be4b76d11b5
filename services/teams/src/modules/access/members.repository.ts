import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { SharingLevel, WorkspaceRole } from '@warmpath/contracts';
import type { EntityManager, Repository } from 'typeorm';
import { MemberEntity } from '../../database/entities/index.js';

@Injectable()
export class MembersRepository {
  constructor(@InjectRepository(MemberEntity) private readonly members: Repository<MemberEntity>) {}

  findMember(teamId: number, userId: number): Promise<MemberEntity | null> {
    return this.members.findOne({ where: { teamId, userId } });
  }

  findMembersByTeamId(teamId: number): Promise<MemberEntity[]> {
    return this.members.find({ where: { teamId }, order: { joinedAt: 'ASC', id: 'ASC' } });
  }

  /** Adds the member unless they already are one; null when they were (their role is left as it is). */
  async addMemberIfAbsent(
    manager: EntityManager,
    teamId: number,
    userId: number,
    role: WorkspaceRole,
  ): Promise<{ joinedAt: Date } | null> {
    const rows: { joined_at: Date }[] = await manager.query(
      `INSERT INTO teams.members (team_id, user_id, role) VALUES ($1, $2, $3)
       ON CONFLICT (team_id, user_id) DO NOTHING RETURNING joined_at`,
      [teamId, userId, role],
    );
    return rows[0] ? { joinedAt: rows[0].joined_at } : null;
  }

  /** True when a row was deleted. */
  async removeMember(teamId: number, userId: number): Promise<boolean> {
    const result = await this.members.delete({ teamId, userId });
    return (result.affected ?? 0) > 0;
  }

  async updateSharing(member: MemberEntity, sharing: SharingLevel): Promise<MemberEntity> {
    member.sharing = sharing;
    return this.members.save(member);
  }
}
