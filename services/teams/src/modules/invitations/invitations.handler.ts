import { Injectable } from '@nestjs/common';
import { teamsContracts, type RequestOf } from '@warmpath/contracts';
import { HandleRequest } from '@warmpath/server-kit';
import { InvitationsService } from './invitations.service.js';

type C = typeof teamsContracts;

@Injectable()
export class InvitationsHandler {
  constructor(private readonly invitations: InvitationsService) {}

  @HandleRequest(teamsContracts.createInvitation)
  create(request: RequestOf<C['createInvitation']>) {
    return this.invitations.createInvitation(request.teamId, request.userId, request.invitation);
  }

  @HandleRequest(teamsContracts.listInvitations)
  list(request: RequestOf<C['listInvitations']>) {
    return this.invitations.listInvitations(request.teamId, request.userId);
  }

  @HandleRequest(teamsContracts.lookupInvitation)
  lookup(request: RequestOf<C['lookupInvitation']>) {
    return this.invitations.lookupInvitation(request.token);
  }

  @HandleRequest(teamsContracts.acceptInvitation)
  accept(request: RequestOf<C['acceptInvitation']>) {
    return this.invitations.acceptInvitation(request.token, request.userId);
  }
}
