import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  createInvitationRequestSchema,
  joinRequestDecisionSchema,
  teamsContracts,
  type CreateInvitationRequest,
  type Invitation,
  type InvitationCode,
  type InvitationCreated,
  type JoinRequest,
  type JoinRequestDecision,
} from '@warmpath/contracts';
import { BusClient } from '@warmpath/server-kit';
import { ZodPipe } from '../../http/zod-body.pipe.js';
import { CurrentUserId } from '../session/session.guard.js';
import { positiveIdOf, workspaceIdOf } from './route-ids.js';

/** Ways into a workspace, as its owner and admins handle them: invitations, codes, join requests. */
@Controller('api/teams')
export class TeamAccessController {
  constructor(private readonly bus: BusClient) {}

  /** Owner or admin. The path's id wins: a body teamId is dropped. 201 with the token and link (shown once). */
  @Post(':teamId/invitations')
  invite(
    @CurrentUserId() userId: number,
    @Param('teamId') id: string,
    @Body(new ZodPipe(createInvitationRequestSchema)) invitation: CreateInvitationRequest,
  ): Promise<InvitationCreated> {
    const teamId = workspaceIdOf(id);
    return this.bus.request(teamsContracts.createInvitation, { userId, teamId, invitation });
  }

  /** Owner or admin: every e-mail invitation with its state and mail status. */
  @Get(':teamId/invitations')
  invitations(@CurrentUserId() userId: number, @Param('teamId') id: string): Promise<Invitation[]> {
    return this.bus.request(teamsContracts.listInvitations, { userId, teamId: workspaceIdOf(id) });
  }

  /** Owner or admin: a new code (201); the previous one stops working. */
  @Post(':id/invitation-code')
  code(@CurrentUserId() userId: number, @Param('id') id: string): Promise<InvitationCode> {
    return this.bus.request(teamsContracts.generateCode, { userId, teamId: workspaceIdOf(id) });
  }

  /** Owner only: pending requests. */
  @Get(':id/join-requests')
  joinRequests(@CurrentUserId() userId: number, @Param('id') id: string): Promise<JoinRequest[]> {
    return this.bus.request(teamsContracts.listJoinRequests, { userId, teamId: workspaceIdOf(id) });
  }

  /** Owner only: {action: 'approve' | 'reject'}; a second decision is 409. */
  @Post(':id/join-requests/:invitationId')
  @HttpCode(200)
  decide(
    @CurrentUserId() userId: number,
    @Param('id') id: string,
    @Param('invitationId') requestId: string,
    @Body(new ZodPipe(joinRequestDecisionSchema)) body: JoinRequestDecision,
  ): Promise<JoinRequest> {
    const teamId = workspaceIdOf(id);
    return this.bus.request(teamsContracts.decideJoinRequest, {
      userId,
      teamId,
      requestId: positiveIdOf(requestId, 'Invalid join request id'),
      action: body.action,
    });
  }
}
