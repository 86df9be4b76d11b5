import type { TeamMember, UserProfile, Workspace } from '@warmpath/contracts';
import type { MemberEntity } from '../../database/entities/index.js';
import { nameOf } from '../access/profiles.client.js';
import type { WorkspaceRow } from './workspaces.repository.js';

export function toWorkspace(row: WorkspaceRow, ownerName: string): Workspace {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    createdById: row.createdById,
    createdAt: new Date(row.createdAt).toISOString(),
    memberCount: row.memberCount,
    role: row.role,
    ownerName,
  };
}

export function toTeamMember(member: MemberEntity, profile: UserProfile | undefined): TeamMember {
  return {
    userId: member.userId,
    user: { id: member.userId, firstName: profile?.firstName ?? '', lastName: profile?.lastName ?? '' },
    name: nameOf(profile),
    role: member.role,
    joinedAt: member.joinedAt.toISOString(),
    sharing: member.sharing,
  };
}
