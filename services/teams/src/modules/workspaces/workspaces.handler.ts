import { Injectable } from '@nestjs/common';
import { teamsContracts, type RequestOf } from '@warmpath/contracts';
import { HandleRequest } from '@warmpath/server-kit';
import { MembersService } from './members.service.js';
import { WorkspacesService } from './workspaces.service.js';

type C = typeof teamsContracts;

/** NATS face of workspaces and their members (the bus validates every payload). */
@Injectable()
export class WorkspacesHandler {
  constructor(
    private readonly workspaces: WorkspacesService,
    private readonly members: MembersService,
  ) {}

  @HandleRequest(teamsContracts.createWorkspace)
  create(request: RequestOf<C['createWorkspace']>) {
    return this.workspaces.createWorkspace(request.userId, request.workspace);
  }

  @HandleRequest(teamsContracts.listWorkspaces)
  list(request: RequestOf<C['listWorkspaces']>) {
    return this.workspaces.listWorkspaces(request.userId);
  }

  @HandleRequest(teamsContracts.getWorkspace)
  get(request: RequestOf<C['getWorkspace']>) {
    return this.workspaces.getWorkspace(request.teamId, request.userId);
  }

  @HandleRequest(teamsContracts.deleteWorkspace)
  delete(request: RequestOf<C['deleteWorkspace']>) {
    return this.workspaces.deleteWorkspace(request.teamId, request.userId);
  }

  @HandleRequest(teamsContracts.listMembers)
  listMembers(request: RequestOf<C['listMembers']>) {
    return this.members.listMembers(request.teamId, request.userId);
  }

  @HandleRequest(teamsContracts.getMembership)
  membership(request: RequestOf<C['getMembership']>) {
    return this.members.getMembership(request.teamId, request.userId);
  }

  @HandleRequest(teamsContracts.leaveWorkspace)
  leave(request: RequestOf<C['leaveWorkspace']>) {
    return this.members.leave(request.teamId, request.userId);
  }

  @HandleRequest(teamsContracts.removeMember)
  remove(request: RequestOf<C['removeMember']>) {
    return this.members.removeMember(request.teamId, request.userId, request.memberId);
  }

  @HandleRequest(teamsContracts.updateSharing)
  updateSharing(request: RequestOf<C['updateSharing']>) {
    return this.members.updateSharing(request.teamId, request.userId, request.sharing);
  }
}
