import { Controller, Delete, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import {
  NETWORK_GRAPH_TIMEOUT_MS,
  networkTargetListsContracts as contracts,
  targetResultsPageSchema,
  type TargetList,
  type TargetListResults,
  type TargetResultsPage,
} from '@warmpath/contracts';
import { BusClient } from '@warmpath/server-kit';
import type { FastifyRequest } from 'fastify';
import { RequiresScope } from '../../http/requires-scope.decorator.js';
import { ZodPipe } from '../../http/zod-body.pipe.js';
import { CurrentUserId } from '../session/session.guard.js';
import { workspaceIdOf } from '../teams/route-ids.js';
import { listIdOf } from './target-list-ids.js';
import { readTargetUpload } from './target-upload.reader.js';

/**
 * Target lists (docs/targets.md#routes): your own (/api/target-lists, matched against your
 * network) and a workspace's (/api/teams/{id}/target-lists, against your pooled view of it). The
 * network service asks the teams service for the membership on every call: a non-member gets
 * exactly the 404 of a workspace that does not exist. Tokens: `targets:read` reads,
 * `targets:write` changes.
 */
@Controller('api')
export class TargetListsController {
  constructor(private readonly bus: BusClient) {}

  @Post('target-lists')
  @HttpCode(201)
  @RequiresScope('targets:write')
  createOwn(@CurrentUserId() userId: number, @Req() request: FastifyRequest): Promise<TargetList> {
    return this.create(userId, null, request);
  }

  @Post('teams/:id/target-lists')
  @HttpCode(201)
  @RequiresScope('targets:write')
  async createTeam(
    @CurrentUserId() userId: number,
    @Param('id') id: string,
    @Req() request: FastifyRequest,
  ): Promise<TargetList> {
    return this.create(userId, workspaceIdOf(id), request);
  }

  @Get('target-lists')
  @RequiresScope('targets:read')
  listOwn(@CurrentUserId() userId: number): Promise<{ lists: TargetList[] }> {
    return this.list(userId, null);
  }

  @Get('teams/:id/target-lists')
  @RequiresScope('targets:read')
  listTeam(@CurrentUserId() userId: number, @Param('id') id: string): Promise<{ lists: TargetList[] }> {
    return this.list(userId, workspaceIdOf(id));
  }

  @Get('target-lists/:listId')
  @RequiresScope('targets:read')
  resultsOwn(
    @CurrentUserId() userId: number,
    @Param('listId') listId: string,
    @Query(new ZodPipe(targetResultsPageSchema)) page: TargetResultsPage,
  ): Promise<TargetListResults> {
    return this.results(userId, null, listId, page);
  }

  @Get('teams/:id/target-lists/:listId')
  @RequiresScope('targets:read')
  resultsTeam(
    @CurrentUserId() userId: number,
    @Param('id') id: string,
    @Param('listId') listId: string,
    @Query(new ZodPipe(targetResultsPageSchema)) page: TargetResultsPage,
  ): Promise<TargetListResults> {
    return this.results(userId, workspaceIdOf(id), listId, page);
  }

  @Delete('target-lists/:listId')
  @RequiresScope('targets:write')
  deleteOwn(@CurrentUserId() userId: number, @Param('listId') listId: string): Promise<{ id: string }> {
    return this.bus.request(contracts.delete, { userId, teamId: null, listId: listIdOf(listId) });
  }

  @Delete('teams/:id/target-lists/:listId')
  @RequiresScope('targets:write')
  deleteTeam(
    @CurrentUserId() userId: number,
    @Param('id') id: string,
    @Param('listId') listId: string,
  ): Promise<{ id: string }> {
    const teamId = workspaceIdOf(id);
    return this.bus.request(contracts.delete, { userId, teamId, listId: listIdOf(listId) });
  }

  /** Read here (libs/domain's readers); only a list with targets reaches the network service. */
  private async create(userId: number, teamId: number | null, request: FastifyRequest): Promise<TargetList> {
    const upload = await readTargetUpload(request);
    return this.bus.request(contracts.create, { userId, teamId, ...upload });
  }

  /**
   * The index matches every list the caller marked seen (docs/targets.md#new-ways-in), at a new
   * network version after building the (pooled) network: the budget of a network read.
   */
  private list(userId: number, teamId: number | null): Promise<{ lists: TargetList[] }> {
    return this.bus.request(contracts.list, { userId, teamId }, { timeoutMs: NETWORK_GRAPH_TIMEOUT_MS });
  }

  private results(
    userId: number,
    teamId: number | null,
    listId: string,
    page: TargetResultsPage,
  ): Promise<TargetListResults> {
    return this.bus.request(
      contracts.results,
      { userId, teamId, listId: listIdOf(listId), page },
      { timeoutMs: NETWORK_GRAPH_TIMEOUT_MS },
    );
  }
}
