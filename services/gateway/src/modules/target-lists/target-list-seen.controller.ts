import { Controller, HttpCode, Param, Put } from '@nestjs/common';
import { NETWORK_GRAPH_TIMEOUT_MS, networkTargetListsContracts as contracts } from '@warmpath/contracts';
import { BusClient } from '@warmpath/server-kit';
import { RequiresScope } from '../../http/requires-scope.decorator.js';
import { CurrentUserId } from '../session/session.guard.js';
import { workspaceIdOf } from '../teams/route-ids.js';
import { listIdOf } from './target-list-ids.js';

/**
 * Marks a target list seen by the caller (docs/targets.md#new-ways-in): later results show what
 * became a way in since (`isNew`, `newWaysIn`). Reading a list never does. A non-member gets the
 * unknown workspace's 404; a list id that is no uuid, the list's 404.
 */
@Controller('api')
export class TargetListSeenController {
  constructor(private readonly bus: BusClient) {}

  @Put('target-lists/:listId/seen')
  @HttpCode(204)
  @RequiresScope('targets:read')
  async seenOwn(@CurrentUserId() userId: number, @Param('listId') listId: string): Promise<void> {
    await this.seen(userId, null, listId);
  }

  @Put('teams/:id/target-lists/:listId/seen')
  @HttpCode(204)
  @RequiresScope('targets:read')
  async seenTeam(
    @CurrentUserId() userId: number,
    @Param('id') id: string,
    @Param('listId') listId: string,
  ): Promise<void> {
    await this.seen(userId, workspaceIdOf(id), listId);
  }

  /** Seen matches the list against the network (built first at a new version): a network read's budget. */
  private async seen(userId: number, teamId: number | null, listId: string): Promise<void> {
    await this.bus.request(
      contracts.seen,
      { userId, teamId, listId: listIdOf(listId) },
      { timeoutMs: NETWORK_GRAPH_TIMEOUT_MS },
    );
  }
}
