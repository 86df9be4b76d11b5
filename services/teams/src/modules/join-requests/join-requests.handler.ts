import { Injectable } from '@nestjs/common';
import { teamsContracts, type RequestOf } from '@warmpath/contracts';
import { HandleRequest } from '@warmpath/server-kit';
import { JoinRequestsService } from './join-requests.service.js';

type C = typeof teamsContracts;

@Injectable()
export class JoinRequestsHandler {
  constructor(private readonly joinRequests: JoinRequestsService) {}

  @HandleRequest(teamsContracts.generateCode)
  generateCode(request: RequestOf<C['generateCode']>) {
    return this.joinRequests.generateCode(request.teamId, request.userId);
  }

  @HandleRequest(teamsContracts.createJoinRequest)
  create(request: RequestOf<C['createJoinRequest']>) {
    return this.joinRequests.createJoinRequest(request.userId, request.invitationCode);
  }

  @HandleRequest(teamsContracts.listJoinRequests)
  list(request: RequestOf<C['listJoinRequests']>) {
    return this.joinRequests.listJoinRequests(request.teamId, request.userId);
  }

  @HandleRequest(teamsContracts.decideJoinRequest)
  decide(request: RequestOf<C['decideJoinRequest']>) {
    return this.joinRequests.decide(request.teamId, request.userId, request.requestId, request.action);
  }

  @HandleRequest(teamsContracts.listMyJoinRequests)
  mine(request: RequestOf<C['listMyJoinRequests']>) {
    return this.joinRequests.listMyJoinRequests(request.userId);
  }
}
