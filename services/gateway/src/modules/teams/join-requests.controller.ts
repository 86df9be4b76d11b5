import { Body, Controller, Get, Post, Req } from '@nestjs/common';
import {
  joinRequestCreateSchema,
  teamsContracts,
  type JoinRequestCreate,
  type MyJoinRequest,
} from '@warmpath/contracts';
import { BusClient, ServiceError } from '@warmpath/server-kit';
import type { FastifyRequest } from 'fastify';
import { ZodPipe } from '../../http/zod-body.pipe.js';
import { CurrentUserId } from '../session/session.guard.js';
import { JoinCodeRateLimiter } from './join-code-rate-limiter.js';

/** /join: the caller's own requests to join workspaces by code. */
@Controller('api/workspaces')
export class JoinRequestsController {
  constructor(
    private readonly bus: BusClient,
    private readonly limiter: JoinCodeRateLimiter,
  ) {}

  /** 201 with the pending request; 404 for a wrong code, counted: too many answer 429. */
  @Post('join-request')
  async request(
    @CurrentUserId() userId: number,
    @Req() http: FastifyRequest,
    @Body(new ZodPipe(joinRequestCreateSchema)) body: JoinRequestCreate,
  ): Promise<MyJoinRequest> {
    await this.limiter.admit(userId, http.ip);
    try {
      return await this.bus.request(teamsContracts.createJoinRequest, {
        userId,
        invitationCode: body.invitationCode,
      });
    } catch (error) {
      if (error instanceof ServiceError && error.code === 'NOT_FOUND') {
        await this.limiter.recordWrongCode(userId, http.ip);
      }
      throw error;
    }
  }

  /** The caller's requests in every state (pending, approved, rejected). */
  @Get('join-requests')
  mine(@CurrentUserId() userId: number): Promise<MyJoinRequest[]> {
    return this.bus.request(teamsContracts.listMyJoinRequests, { userId });
  }
}
