import { Injectable } from '@nestjs/common';
import { BULK_MESSAGES, WORKSPACE_NOT_FOUND } from '@warmpath/contracts';
import { isAllowed, type WorkspaceAction } from '@warmpath/domain';
import { forbidden, notFound } from '@warmpath/server-kit';
import type { MemberEntity } from '../../database/entities/index.js';
import { MembersRepository } from './members.repository.js';

const FORBIDDEN_MESSAGES: Record<WorkspaceAction, string> = {
  invite: 'Only the owner and admins can invite people to this workspace',
  generateCode: 'Only the owner and admins can generate invitation codes',
  listInvitations: 'Only the owner and admins can see the invitations of this workspace',
  manageJoinRequests: 'Only the workspace owner can manage join requests',
  removeMember: 'Only the workspace owner can remove members',
  deleteWorkspace: 'Only the workspace owner can delete the workspace',
  leave: 'The owner cannot leave the workspace. Delete it instead.',
  manageSources: BULK_MESSAGES.manageForbidden,
};

/** Ids are Postgres integers: a larger one (a well-formed path can hold 10 digits) names nothing. */
export const isStoredId = (id: number) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;

/**
 * The one gate of every call that names a workspace: a non-member gets exactly what an unknown id
 * gets (NOT_FOUND, WORKSPACE_NOT_FOUND), whoever they are (a site admin included); a member whose
 * role does not allow the action gets FORBIDDEN.
 */
@Injectable()
export class WorkspaceAccess {
  constructor(private readonly members: MembersRepository) {}

  async memberOf(teamId: number, userId: number): Promise<MemberEntity> {
    const member = isStoredId(teamId) ? await this.members.findMember(teamId, userId) : null;
    if (!member) throw notFound(WORKSPACE_NOT_FOUND);
    return member;
  }

  async allowedTo(action: WorkspaceAction, teamId: number, userId: number): Promise<MemberEntity> {
    const member = await this.memberOf(teamId, userId);
    if (!isAllowed(member.role, action)) throw forbidden(FORBIDDEN_MESSAGES[action]);
    return member;
  }
}
