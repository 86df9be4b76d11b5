import { Injectable } from '@nestjs/common';
import { teamsContracts, type ReplyOf, type RequestOf } from '@warmpath/contracts';
import { isSameEmail } from '@warmpath/domain';
import { HandleRequest } from '@warmpath/server-kit';
import { invitationState } from './invitation.mapper.js';
import { hashInvitationToken, isWellFormedToken } from './invitation-token.js';
import { InvitationsRepository } from './invitations.repository.js';

type C = typeof teamsContracts;

/**
 * Whether a registration carries a usable invitation for its own e-mail: the gateway lifts its
 * per-address registration ceiling for those (docs/security.md "Sign-in and registration
 * limits"). One answer for every way of not matching, so it tells nothing about the token.
 */
@Injectable()
export class InvitationCheckHandler {
  constructor(private readonly invitations: InvitationsRepository) {}

  @HandleRequest(teamsContracts.checkInvitation)
  async check(request: RequestOf<C['checkInvitation']>): Promise<ReplyOf<C['checkInvitation']>> {
    if (!isWellFormedToken(request.token)) return { usable: false };
    const invitation = await this.invitations.findByTokenHash(hashInvitationToken(request.token));
    const usable =
      !!invitation &&
      invitationState(invitation) === 'pending' &&
      isSameEmail(invitation.email, request.email);
    return { usable };
  }
}
