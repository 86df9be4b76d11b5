import { InvitationCodeEntity } from './invitation-code.entity.js';
import { InvitationEntity } from './invitation.entity.js';
import { JoinRequestEntity } from './join-request.entity.js';
import { MemberEntity } from './member.entity.js';
import { WorkspaceEntity } from './workspace.entity.js';

export { InvitationCodeEntity, InvitationEntity, JoinRequestEntity, MemberEntity, WorkspaceEntity };

export const teamsEntities = [
  WorkspaceEntity,
  MemberEntity,
  InvitationEntity,
  InvitationCodeEntity,
  JoinRequestEntity,
];
