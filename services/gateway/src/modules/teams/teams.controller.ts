import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import {
  createWorkspaceRequestSchema,
  teamsContracts,
  updateSharingRequestSchema,
  type CreateWorkspaceRequest,
  type TeamMember,
  type UpdateSharingRequest,
  type Workspace,
} from '@warmpath/contracts';
import { BusClient } from '@warmpath/server-kit';
import { ZodPipe } from '../../http/zod-body.pipe.js';
import { CurrentUserId } from '../session/session.guard.js';
import { positiveIdOf, workspaceIdOf } from './route-ids.js';
import { RequiresScope } from '../../http/requires-scope.decorator.js';

/**
 * docs/product.md#api /api/teams* (workspaces and their members) and docs/workspaces.md. Signed-in
 * only; the caller is always the session's user, never a body field.
 */
@Controller('api/teams')
export class TeamsController {
  constructor(private readonly bus: BusClient) {}

  /** 201 with the workspace; createdById, ownerId, members... in the body are dropped by the schema. */
  @Post()
  create(
    @CurrentUserId() userId: number,
    @Body(new ZodPipe(createWorkspaceRequestSchema)) workspace: CreateWorkspaceRequest,
  ): Promise<Workspace> {
    return this.bus.request(teamsContracts.createWorkspace, { userId, workspace });
  }

  @Get()
  @RequiresScope('workspaces:read')
  list(@CurrentUserId() userId: number): Promise<Workspace[]> {
    return this.bus.request(teamsContracts.listWorkspaces, { userId });
  }

  @Get(':id')
  @RequiresScope('workspaces:read')
  get(@CurrentUserId() userId: number, @Param('id') id: string): Promise<Workspace> {
    return this.bus.request(teamsContracts.getWorkspace, { userId, teamId: workspaceIdOf(id) });
  }

  /** Owner only: the workspace and everything of it. */
  @Delete(':id')
  delete(@CurrentUserId() userId: number, @Param('id') id: string) {
    return this.bus.request(teamsContracts.deleteWorkspace, { userId, teamId: workspaceIdOf(id) });
  }

  @Get(':id/members')
  @RequiresScope('workspaces:read')
  members(@CurrentUserId() userId: number, @Param('id') id: string): Promise<TeamMember[]> {
    return this.bus.request(teamsContracts.listMembers, { userId, teamId: workspaceIdOf(id) });
  }

  /** Owner only; the owner cannot be removed. */
  @Delete(':id/members/:userId')
  removeMember(@CurrentUserId() userId: number, @Param('id') id: string, @Param('userId') memberId: string) {
    const teamId = workspaceIdOf(id);
    return this.bus.request(teamsContracts.removeMember, {
      userId,
      teamId,
      memberId: positiveIdOf(memberId, 'Invalid user id'),
    });
  }

  /** A member or admin; the owner deletes the workspace instead. */
  @Post(':id/leave')
  @HttpCode(200)
  leave(@CurrentUserId() userId: number, @Param('id') id: string) {
    return this.bus.request(teamsContracts.leaveWorkspace, { userId, teamId: workspaceIdOf(id) });
  }

  /** The caller's own sharing level in this workspace. */
  @Put(':id/sharing')
  sharing(
    @CurrentUserId() userId: number,
    @Param('id') id: string,
    @Body(new ZodPipe(updateSharingRequestSchema)) body: UpdateSharingRequest,
  ): Promise<TeamMember> {
    const teamId = workspaceIdOf(id);
    return this.bus.request(teamsContracts.updateSharing, { userId, teamId, sharing: body.sharing });
  }
}
