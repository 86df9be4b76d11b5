import { Controller, Delete, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import {
  NETWORK_GRAPH_TIMEOUT_MS,
  networkTargetListsContracts as contracts,
  TARGET_LIST_NOT_FOUND,
  type TargetList,
  type TargetListResults,
} from '@warmpath/contracts';
import { BusClient, notFound } from '@warmpath/server-kit';
import type { FastifyRequest } from 'fastify';
import { CurrentUserId } from '../session/session.guard.js';
import { workspaceIdOf } from '../teams/route-ids.js';
import { readTargetUpload } from './target-upload.reader.js';

const LIST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A list id in a path: anything that is no list id is a list that does not exist. */
function listIdOf(raw: string): string {
  if (!LIST_ID.test(raw)) throw notFound(TARGET_LIST_NOT_FOUND);
  return raw.toLowerCase();
}

/**
 * Target lists (docs/targets.md#routes): your own (/api/target-lists, matched against your
 * network) and a workspace's (/api/teams/{id}/target-lists, against your pooled view of it). The
 * network service asks the teams service for the membership on every call: a non-member gets
 * exactly the 404 of a workspace that does not exist. Sessions only (no token scope yet).
 */
@Controller('api')
export class TargetListsController {
  constructor(private readonly bus: BusClient) {}

  @Post('target-lists')
  @HttpCode(201)
  createOwn(@CurrentUserId() userId: number, @Req() request: FastifyRequest): Promise<TargetList> {
    return this.create(userId, null, request);
  }

  @Post('teams/:id/target-lists')
  @HttpCode(201)
  async createTeam(
    @CurrentUserId() userId: number,
    @Param('id') id: string,
    @Req() request: FastifyRequest,
  ): Promise<TargetList> {
    return this.create(userId, workspaceIdOf(id), request);
  }

  @Get('target-lists')
  listOwn(@CurrentUserId() userId: number): Promise<{ lists: TargetList[] }> {
    return this.bus.request(contracts.list, { userId, teamId: null });
  }

  @Get('teams/:id/target-lists')
  listTeam(@CurrentUserId() userId: number, @Param('id') id: string): Promise<{ lists: TargetList[] }> {
    return this.bus.request(contracts.list, { userId, teamId: workspaceIdOf(id) });
  }

  @Get('target-lists/:listId')
  resultsOwn(@CurrentUserId() userId: number, @Param('listId') listId: string): Promise<TargetListResults> {
    return this.results(userId, null, listId);
  }

  @Get('teams/:id/target-lists/:listId')
  resultsTeam(
    @CurrentUserId() userId: number,
    @Param('id') id: string,
    @Param('listId') listId: string,
  ): Promise<TargetListResults> {
    return this.results(userId, workspaceIdOf(id), listId);
  }

  @Delete('target-lists/:listId')
  deleteOwn(@CurrentUserId() userId: number, @Param('listId') listId: string): Promise<{ id: string }> {
    return this.bus.request(contracts.delete, { userId, teamId: null, listId: listIdOf(listId) });
  }

  @Delete('teams/:id/target-lists/:listId')
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

  private results(userId: number, teamId: number | null, listId: string): Promise<TargetListResults> {
    return this.bus.request(
      contracts.results,
      { userId, teamId, listId: listIdOf(listId) },
      { timeoutMs: NETWORK_GRAPH_TIMEOUT_MS },
    );
  }
}
