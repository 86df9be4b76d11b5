import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import {
  COMPACT_NETWORK_MEDIA_TYPE,
  NETWORK_GRAPH_TIMEOUT_MS,
  networkTeamSplitContracts,
  type TeamSplitRef,
} from '@warmpath/contracts';
import { BusClient } from '@warmpath/server-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RequiresScope } from '../../http/requires-scope.decorator.js';
import { CurrentUserId } from '../session/session.guard.js';
import { workspaceIdOf } from '../teams/route-ids.js';
import { NetworkSnapshotService } from './network-snapshot.service.js';
import { sendSplit, storedEncodingFor } from './split-reply.js';

const PATCH_CONTENT_TYPE = 'application/json; charset=utf-8';

type SplitRequest = typeof networkTeamSplitContracts.getBase;

/**
 * GET /api/teams/{id}/network/base and /patch (docs/network-api.md, docs/workspace-network.md
 * "One snapshot per workspace version: base + viewer patch"): the base every reader of a workspace
 * version shares (the compact representation) and the caller's patch (JSON), which the web app's
 * data worker assembles with the caller's own GET /api/network. Access, 404 and errors as
 * GET /api/teams/{id}/network: the network service checks the membership on every read.
 */
@Controller('api/teams')
export class TeamNetworkSplitController {
  constructor(
    private readonly bus: BusClient,
    private readonly snapshots: NetworkSnapshotService,
  ) {}

  @Get(':id/network/base')
  @RequiresScope('workspaces:read')
  base(
    @CurrentUserId() userId: number,
    @Param('id') id: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    return this.send(
      networkTeamSplitContracts.getBase,
      COMPACT_NETWORK_MEDIA_TYPE,
      userId,
      id,
      request,
      reply,
    );
  }

  @Get(':id/network/patch')
  @RequiresScope('workspaces:read')
  patch(
    @CurrentUserId() userId: number,
    @Param('id') id: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    return this.send(networkTeamSplitContracts.getPatch, PATCH_CONTENT_TYPE, userId, id, request, reply);
  }

  private async send(
    contract: SplitRequest,
    contentType: string,
    userId: number,
    id: string,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<void> {
    const teamId = workspaceIdOf(id);
    // The encoding it will read: the network service makes gzip only when a client asks for it.
    const encoding = storedEncodingFor(request.headers['accept-encoding']);
    const ref = (recheck: boolean): Promise<TeamSplitRef> =>
      this.bus.request(
        contract,
        { userId, teamId, recheck, encoding },
        { timeoutMs: NETWORK_GRAPH_TIMEOUT_MS },
      );
    await sendSplit(
      request,
      reply,
      contentType,
      await ref(false),
      (key, field) => this.snapshots.bytesAt(key, field),
      () => ref(true),
    );
  }
}
