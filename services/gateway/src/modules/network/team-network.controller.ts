import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import {
  INVALID_WORKSPACE_ID,
  NETWORK_GRAPH_TIMEOUT_MS,
  networkTeamGraphContracts,
  WORKSPACE_ID,
  type NetworkSnapshotRef,
} from '@warmpath/contracts';
import { BusClient, invalid } from '@warmpath/server-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentUserId } from '../session/session.guard.js';
import { NetworkSnapshotService } from './network-snapshot.service.js';
import { sendSnapshot } from './snapshot-reply.js';

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
  async network(
    @CurrentUserId() userId: number,
    @Param('id') id: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    if (!WORKSPACE_ID.test(id)) throw invalid(INVALID_WORKSPACE_ID);
    const teamId = Number(id);
    const ref = (recheck: boolean): Promise<NetworkSnapshotRef> =>
      this.bus.request(
        networkTeamGraphContracts.getTeamGraph,
        { userId, teamId, recheck },
        { timeoutMs: NETWORK_GRAPH_TIMEOUT_MS },
      );
    const current = await ref(false);
    await sendSnapshot(request, reply, current, (encoding) =>
      this.snapshots.bodyOf(current, encoding, () => ref(true)),
    );
  }
}
