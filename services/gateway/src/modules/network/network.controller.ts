import { Body, Controller, Get, Param, Patch, Query, Req, Res } from '@nestjs/common';
import {
  findPathQuerySchema,
  NETWORK_READ_TIMEOUT_MS,
  networkNotesContracts,
  networkPathContracts,
  networkStatsContracts,
  STORED_CONNECTION_ID,
  updateNotesRequestSchema,
  type Connection,
  type FindPathQuery,
  type NetworkStatsView,
  type UpdateNotesRequest,
  type WarmPathView,
} from '@warmpath/contracts';
import { BusClient, notFound } from '@warmpath/server-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ZodPipe } from '../../http/zod-body.pipe.js';
import { CurrentUserId } from '../session/session.guard.js';
import { NetworkSnapshotService } from './network-snapshot.service.js';
import { sendSnapshot } from './snapshot-reply.js';
import { RequiresScope } from '../../http/requires-scope.decorator.js';

export const CONNECTION_NOT_FOUND = 'Connection not found';

/**
 * GET /api/network, notes, the warmest path and real counts (docs/product.md#api,
 * docs/network-api.md). Signed-in only.
 */
@Controller('api/network')
export class NetworkController {
  constructor(
    private readonly bus: BusClient,
    private readonly snapshots: NetworkSnapshotService,
  ) {}

  /**
   * `{connections, relationships, companies}` streamed from the compressed snapshot, as the plain
   * JSON or the compact columns the data worker asks for (docs/network-api.md): 304 when the
   * browser holds the current ETag, else brotli or gzip as it accepts (decompressed for a client
   * that accepts neither).
   */
  @Get()
  @RequiresScope('network:read')
  async network(
    @CurrentUserId() userId: number,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const current = await this.snapshots.current(userId);
    await sendSnapshot(request, reply, current, (field) => this.snapshots.body(userId, current, field));
  }

  /**
   * Private notes (docs/product.md#connection-details): plain text, capped; anyone else's
   * connection is a 404.
   */
  @Patch('connections/:id')
  updateNotes(
    @CurrentUserId() userId: number,
    @Param('id') connectionId: string,
    @Body(new ZodPipe(updateNotesRequestSchema)) body: UpdateNotesRequest,
  ): Promise<Connection> {
    if (!STORED_CONNECTION_ID.test(connectionId)) throw notFound(CONNECTION_NOT_FOUND);
    return this.bus.request(networkNotesContracts.updateNotes, { userId, connectionId, notes: body.notes });
  }

  /** The warmest introduction path to `to`, explained hop by hop (`workspaceId`: a pooled team graph). */
  @Get('paths')
  @RequiresScope('network:read')
  findPath(
    @CurrentUserId() userId: number,
    @Query(new ZodPipe(findPathQuerySchema)) query: FindPathQuery,
  ): Promise<WarmPathView> {
    return this.bus.request(
      networkPathContracts.findPath,
      { userId, ...query },
      { timeoutMs: NETWORK_READ_TIMEOUT_MS },
    );
  }

  /** Counts by degree, top companies, categories, seniority and connections per year. */
  @Get('stats')
  @RequiresScope('network:read')
  stats(@CurrentUserId() userId: number): Promise<NetworkStatsView> {
    return this.bus.request(
      networkStatsContracts.getStats,
      { userId },
      { timeoutMs: NETWORK_READ_TIMEOUT_MS },
    );
  }
}
