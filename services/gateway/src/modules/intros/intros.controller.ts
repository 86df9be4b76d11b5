import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  answerIntroRequestSchema,
  createIntroRequestSchema,
  introOutcomeSchema,
  introsContracts,
  listIntrosQuerySchema,
  targetAnswerSchema,
  type AnswerIntroRequest,
  type CreateIntroRequest,
  type IntroList,
  type IntroOutcome,
  type IntroRequestView,
  type IntroStats,
  type IntroSummary,
  type ListIntrosQuery,
  type TargetAnswer,
} from '@warmpath/contracts';
import { BusClient } from '@warmpath/server-kit';
import { RequiresScope } from '../../http/requires-scope.decorator.js';
import { ZodPipe } from '../../http/zod-body.pipe.js';
import { CurrentUserId } from '../session/session.guard.js';
import { positiveIdOf, workspaceIdOf } from '../teams/route-ids.js';

export const INVALID_INTRO_ID = 'Invalid request id';

/**
 * Introduction requests of a workspace (docs/intros.md). The teams service decides everything: a
 * non-member gets the workspace's 404, a member who is neither side the request's 404.
 */
@Controller('api/teams/:id')
export class WorkspaceIntrosController {
  constructor(private readonly bus: BusClient) {}

  @Post('intros')
  @RequiresScope('intros:write')
  create(
    @CurrentUserId() userId: number,
    @Param('id') id: string,
    @Body(new ZodPipe(createIntroRequestSchema)) request: CreateIntroRequest,
  ): Promise<IntroRequestView> {
    return this.bus.request(introsContracts.create, { userId, teamId: workspaceIdOf(id), request });
  }

  @Get('intros')
  @RequiresScope('intros:read')
  list(
    @CurrentUserId() userId: number,
    @Param('id') id: string,
    @Query(new ZodPipe(listIntrosQuerySchema)) query: ListIntrosQuery,
  ): Promise<IntroList> {
    return this.bus.request(introsContracts.list, { userId, teamId: workspaceIdOf(id), query });
  }

  @Get('intro-stats')
  @RequiresScope('intros:read')
  stats(@CurrentUserId() userId: number, @Param('id') id: string): Promise<IntroStats> {
    return this.bus.request(introsContracts.stats, { userId, teamId: workspaceIdOf(id) });
  }

  @Get('intros/:introId')
  @RequiresScope('intros:read')
  get(@CurrentUserId() userId: number, @Param('id') id: string, @Param('introId') introId: string) {
    return this.bus.request(introsContracts.get, one(userId, id, introId));
  }

  @Post('intros/:introId/read')
  @HttpCode(200)
  @RequiresScope('intros:read')
  read(@CurrentUserId() userId: number, @Param('id') id: string, @Param('introId') introId: string) {
    return this.bus.request(introsContracts.markRead, one(userId, id, introId));
  }

  @Post('intros/:introId/answer')
  @HttpCode(200)
  @RequiresScope('intros:write')
  answer(
    @CurrentUserId() userId: number,
    @Param('id') id: string,
    @Param('introId') introId: string,
    @Body(new ZodPipe(answerIntroRequestSchema)) answer: AnswerIntroRequest,
  ) {
    return this.bus.request(introsContracts.answer, { ...one(userId, id, introId), answer });
  }

  @Post('intros/:introId/target-answer')
  @HttpCode(200)
  @RequiresScope('intros:write')
  targetAnswer(
    @CurrentUserId() userId: number,
    @Param('id') id: string,
    @Param('introId') introId: string,
    @Body(new ZodPipe(targetAnswerSchema)) answer: TargetAnswer,
  ) {
    return this.bus.request(introsContracts.targetAnswer, { ...one(userId, id, introId), answer });
  }

  @Post('intros/:introId/introduced')
  @HttpCode(200)
  @RequiresScope('intros:write')
  introduced(@CurrentUserId() userId: number, @Param('id') id: string, @Param('introId') introId: string) {
    return this.bus.request(introsContracts.markIntroduced, one(userId, id, introId));
  }

  @Post('intros/:introId/outcome')
  @HttpCode(200)
  @RequiresScope('intros:write')
  outcome(
    @CurrentUserId() userId: number,
    @Param('id') id: string,
    @Param('introId') introId: string,
    @Body(new ZodPipe(introOutcomeSchema)) body: IntroOutcome,
  ) {
    return this.bus.request(introsContracts.recordOutcome, {
      ...one(userId, id, introId),
      outcome: body.outcome,
    });
  }

  @Post('intros/:introId/withdraw')
  @HttpCode(200)
  @RequiresScope('intros:write')
  withdraw(@CurrentUserId() userId: number, @Param('id') id: string, @Param('introId') introId: string) {
    return this.bus.request(introsContracts.withdraw, one(userId, id, introId));
  }
}

/** The caller's requests in every workspace: the inbox and its badge. */
@Controller('api/intros')
export class MyIntrosController {
  constructor(private readonly bus: BusClient) {}

  @Get()
  @RequiresScope('intros:read')
  list(
    @CurrentUserId() userId: number,
    @Query(new ZodPipe(listIntrosQuerySchema)) query: ListIntrosQuery,
  ): Promise<IntroList> {
    return this.bus.request(introsContracts.list, { userId, query });
  }

  @Get('summary')
  @RequiresScope('intros:read')
  summary(@CurrentUserId() userId: number): Promise<IntroSummary> {
    return this.bus.request(introsContracts.summary, { userId });
  }
}

/** Both ids of a request's path, checked before any lookup. */
function one(userId: number, id: string, introId: string) {
  const teamId = workspaceIdOf(id);
  return { userId, teamId, introId: positiveIdOf(introId, INVALID_INTRO_ID) };
}
