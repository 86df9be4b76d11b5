import { Body, Controller, Delete, Param, Put } from '@nestjs/common';
import {
  NETWORK_GRAPH_TIMEOUT_MS,
  networkTargetListsContracts as contracts,
  replaceCorrectionsRequestSchema,
  updateTargetListSchema,
  type ReplaceCorrectionsRequest,
  type TargetList,
  type TargetListResults,
  type UpdateTargetList,
} from '@warmpath/contracts';
import { BusClient } from '@warmpath/server-kit';
import { RequiresScope } from '../../http/requires-scope.decorator.js';
import { ZodPipe } from '../../http/zod-body.pipe.js';
import { CurrentUserId } from '../session/session.guard.js';
import { workspaceIdOf } from '../teams/route-ids.js';
import { lineOf, listIdOf } from './target-list-ids.js';

/**
 * Changing a saved list (docs/targets.md#routes): rename, correct matches by line and remove a
 * line's correction. Its
 * creator, or the workspace's owner or admins (403 otherwise); the network service decides.
 */
@Controller('api')
export class TargetListChangesController {
  constructor(private readonly bus: BusClient) {}

  @Put('target-lists/:listId')
  @RequiresScope('targets:write')
  renameOwn(
    @CurrentUserId() userId: number,
    @Param('listId') listId: string,
    @Body(new ZodPipe(updateTargetListSchema)) body: UpdateTargetList,
  ): Promise<TargetList> {
    return this.rename(userId, null, listId, body);
  }

  @Put('teams/:id/target-lists/:listId')
  @RequiresScope('targets:write')
  renameTeam(
    @CurrentUserId() userId: number,
    @Param('id') id: string,
    @Param('listId') listId: string,
    @Body(new ZodPipe(updateTargetListSchema)) body: UpdateTargetList,
  ): Promise<TargetList> {
    return this.rename(userId, workspaceIdOf(id), listId, body);
  }

  @Put('target-lists/:listId/corrections')
  @RequiresScope('targets:write')
  correctOwn(
    @CurrentUserId() userId: number,
    @Param('listId') listId: string,
    @Body(new ZodPipe(replaceCorrectionsRequestSchema)) body: ReplaceCorrectionsRequest,
  ): Promise<TargetListResults> {
    return this.correct(userId, null, listId, body);
  }

  @Put('teams/:id/target-lists/:listId/corrections')
  @RequiresScope('targets:write')
  correctTeam(
    @CurrentUserId() userId: number,
    @Param('id') id: string,
    @Param('listId') listId: string,
    @Body(new ZodPipe(replaceCorrectionsRequestSchema)) body: ReplaceCorrectionsRequest,
  ): Promise<TargetListResults> {
    return this.correct(userId, workspaceIdOf(id), listId, body);
  }

  @Delete('target-lists/:listId/corrections/:line')
  @RequiresScope('targets:write')
  removeOwnCorrection(
    @CurrentUserId() userId: number,
    @Param('listId') listId: string,
    @Param('line') line: string,
  ): Promise<TargetListResults> {
    return this.removeCorrection(userId, null, listId, line);
  }

  @Delete('teams/:id/target-lists/:listId/corrections/:line')
  @RequiresScope('targets:write')
  removeTeamCorrection(
    @CurrentUserId() userId: number,
    @Param('id') id: string,
    @Param('listId') listId: string,
    @Param('line') line: string,
  ): Promise<TargetListResults> {
    return this.removeCorrection(userId, workspaceIdOf(id), listId, line);
  }

  private rename(
    userId: number,
    teamId: number | null,
    listId: string,
    body: UpdateTargetList,
  ): Promise<TargetList> {
    return this.bus.request(contracts.rename, { userId, teamId, listId: listIdOf(listId), name: body.name });
  }

  /** Merged by line: the list's other corrections stay (docs/targets.md#routes). */
  private correct(
    userId: number,
    teamId: number | null,
    listId: string,
    body: ReplaceCorrectionsRequest,
  ): Promise<TargetListResults> {
    return this.bus.request(
      contracts.correct,
      { userId, teamId, listId: listIdOf(listId), corrections: body.corrections },
      { timeoutMs: NETWORK_GRAPH_TIMEOUT_MS },
    );
  }

  /** The line's automatic match again; the list's other corrections stay. */
  private removeCorrection(
    userId: number,
    teamId: number | null,
    listId: string,
    line: string,
  ): Promise<TargetListResults> {
    return this.bus.request(
      contracts.removeCorrection,
      { userId, teamId, listId: listIdOf(listId), line: lineOf(line) },
      { timeoutMs: NETWORK_GRAPH_TIMEOUT_MS },
    );
  }
}
