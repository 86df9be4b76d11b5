import type { Invitation } from '@warmpath/contracts';
import { isExpired } from '@warmpath/domain';
import type { InvitationEntity } from '../../database/entities/index.js';

type InvitationState = Invitation['state'];

/** Used and revoked win over expired: a used link stays "used" after its seven days. */
export function invitationState(invitation: InvitationEntity, now = new Date()): InvitationState {
  if (invitation.acceptedAt) return 'accepted';
  if (invitation.revokedAt) return 'revoked';
  if (isExpired(invitation.expiresAt, now)) return 'expired';
  return 'pending';
}

export function toInvitation(invitation: InvitationEntity, inviterName: string): Invitation {
  return {
    id: invitation.id,
    teamId: invitation.teamId,
    email: invitation.email,
    role: invitation.role,
    inviterName,
    createdAt: invitation.createdAt.toISOString(),
    expiresAt: invitation.expiresAt.toISOString(),
    state: invitationState(invitation),
    mailStatus: invitation.mailStatus,
    mailSentAt: invitation.mailSentAt?.toISOString() ?? null,
    mailError:
      invitation.mailStatus === 'failed' || invitation.mailStatus === 'retrying'
        ? invitation.mailLastError
        : null,
  };
}
