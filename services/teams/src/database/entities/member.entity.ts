import type { SharingLevel, WorkspaceRole } from '@warmpath/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One person in one workspace; (teamId, userId) is unique. */
@Entity({ name: 'members' })
export class MemberEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'team_id', type: 'int' })
  teamId: number;

  @Column({ name: 'user_id', type: 'int' })
  userId: number;

  @Column({ type: 'varchar', length: 10 })
  role: WorkspaceRole;

  /** What the workspace sees of this member's connections (docs/workspace-network.md). */
  @Column({ type: 'varchar', length: 10, default: 'names' })
  sharing: SharingLevel;

  @Column({ name: 'joined_at', type: 'timestamptz', default: () => 'now()' })
  joinedAt: Date;
}
