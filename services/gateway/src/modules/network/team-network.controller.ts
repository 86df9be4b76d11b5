import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import {
  NETWORK_GRAPH_TIMEOUT_MS,
  networkTeamGraphContracts,
  type NetworkSnapshotRef,
} from '@warmpath/contracts';
import { BusClient } from '@warmpath/server-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentUserId } from '../session/session.guard.js';
import { workspaceIdOf } from '../teams/route-ids.js';
import { NetworkSnapshotService } from './network-snapshot.service.js';
import { sendSnapshot } from './snapshot-reply.js';
import { RequiresScope } from '../../http/requires-scope.decorator.js';

/**
 * GET /api/teams/{id}/network (product-spec §7): the workspace's pooled network as the caller sees
 * it, served like GET /api/network (ETag, 304, brotli or gzip). The network service asks the
 * teams service for the membership on every read: a non-member gets exactly the 404 of a
 * workspace that does not exist.
 */
@Controller('api/teams')
export class TeamNetworkController {
  constructor(
    private readonly bus: BusClient,
    private readonly snapshots: NetworkSnapshotService,
  ) {}

  @Get(':id/network')
  @RequiresScope('workspaces:read')
  async network(
    @CurrentUserId() userId: number,
    @Param('id') id: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const teamId = workspaceIdOf(id);
    const ref = (recheck: boolean): Promise<NetworkSnapshotRef> =>
      this.bus.request(
        networkTeamGraphContracts.getTeamGraph,
        { userId, teamId, recheck },
        { timeoutMs: NETWORK_GRAPH_TIMEOUT_MS },
      );
    const current = await ref(false);
    await sendSnapshot(request, reply, current, (field) =>
      this.snapshots.bodyOf(current, field, () => ref(true)),
    );
  }
}
