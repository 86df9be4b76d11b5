import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import {
  NETWORK_GRAPH_TIMEOUT_MS,
  networkTeamGraphContracts,
  type NetworkSnapshotRef,
  type SnapshotRepresentation,
} from '@warmpath/contracts';
import { BusClient } from '@warmpath/server-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentUserId } from '../session/session.guard.js';
import { workspaceIdOf } from '../teams/route-ids.js';
import { chooseRepresentation } from './content-negotiation.js';
import { NetworkSnapshotService } from './network-snapshot.service.js';
import { sendSnapshot } from './snapshot-reply.js';
import { RequiresScope } from '../../http/requires-scope.decorator.js';

/**
 * GET /api/teams/{id}/network (docs/product.md#api): the workspace's pooled network as the caller sees
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
    const representation = chooseRepresentation(request.headers.accept);
    const ref = (recheck: boolean, asked: SnapshotRepresentation): Promise<NetworkSnapshotRef> =>
      this.bus.request(
        networkTeamGraphContracts.getTeamGraph,
        { userId, teamId, recheck, representation: asked },
        { timeoutMs: NETWORK_GRAPH_TIMEOUT_MS },
      );
    // A pooled snapshot's JSON is built on its first ask, and its ETag is known before that: a
    // request that may be answered 304 asks for the compact form only, and asks again for the
    // JSON once a body is due and the snapshot has none yet (`bytes` null). One without
    // If-None-Match can only want a body, so it asks for what it will answer at once.
    const conditional = request.headers['if-none-match'] !== undefined;
    const current = await ref(false, conditional ? 'compact' : representation);
    await sendSnapshot(request, reply, current, async (field) => {
      const first = representation === 'json' && current.bytes === null ? await ref(false, 'json') : current;
      return this.snapshots.bodyOf(first, field, () => ref(true, representation));
    });
  }
}
