import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { teamsContracts, type AcceptInvitationResult, type InvitationLookup } from '@warmpath/contracts';
import { BusClient } from '@warmpath/server-kit';
import { Public } from '../../http/public.decorator.js';
import { CurrentUserId } from '../session/session.guard.js';

/** /join/{token}: anyone with the link sees what it invites to; accepting needs the invited account. */
@Controller('api/invitations')
export class InvitationsController {
  constructor(private readonly bus: BusClient) {}

  /** Public. 404 unknown (a malformed token included), 410 used or revoked, 410 'expired'. */
  @Get(':token')
  @Public()
  lookup(@Param('token') token: string): Promise<InvitationLookup> {
    return this.bus.request(teamsContracts.lookupInvitation, { token });
  }

  @Post(':token/accept')
  @HttpCode(200)
  accept(@CurrentUserId() userId: number, @Param('token') token: string): Promise<AcceptInvitationResult> {
    return this.bus.request(teamsContracts.acceptInvitation, { userId, token });
  }
}
