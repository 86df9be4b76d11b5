import { Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Req, Res } from '@nestjs/common';
import {
  BULK_MESSAGES,
  bulkContracts,
  isTerminalImportState,
  type BulkImport,
  type BulkImportAccepted,
  type ClaimedSource,
  type WorkspaceSource,
} from '@warmpath/contracts';
import { BusClient, notFound, SERVICE_CONFIG } from '@warmpath/server-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { GatewayConfig } from '../../config/gateway.config.js';
import { RequiresScope } from '../../http/requires-scope.decorator.js';
import { IdempotencyStore, IDEMPOTENCY_KEY_REUSED_BULK } from '../imports/idempotency.store.js';
import { ImportEventsHub, type ImportEventBuffer } from '../imports/import-events.hub.js';
import { StreamSlots } from '../imports/stream-slots.js';
import { CurrentUserId } from '../session/session.guard.js';
import { positiveIdOf, workspaceIdOf } from '../teams/route-ids.js';
import { streamBulkEvents } from './bulk-event-stream.js';
import { bulkRequestDigest, type ReceivedBulkFile } from './bulk-request-digest.js';
import { BulkUploadReceiver } from './bulk-upload.receiver.js';

/** Recording a bulk starts one import per file (50 at most): more than one NATS round trip's budget. */
const RECORD_TIMEOUT = { timeoutMs: 60_000 };
/** A retry with the same Idempotency-Key waits this long for the first request to record its bulk. */
const REPLAY_WAIT_MS = RECORD_TIMEOUT.timeoutMs + 5_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Bulk imports into a workspace and its sources (docs/workspace-sources.md). The
 * caller's right to upload is checked before any byte is stored; the teams service decides the
 * rest. Every route naming a workspace answers a non-member exactly like an unknown workspace.
 */
@Controller('api')
export class BulkController {
  constructor(
    private readonly receiver: BulkUploadReceiver,
    private readonly bus: BusClient,
    private readonly hub: ImportEventsHub,
    private readonly streams: StreamSlots,
    private readonly idempotency: IdempotencyStore,
    @Inject(SERVICE_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Post('teams/:id/bulk-imports')
  @RequiresScope('imports:write')
  @HttpCode(202)
  async create(
    @CurrentUserId() userId: number,
    @Param('id') id: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<BulkImportAccepted> {
    const teamId = workspaceIdOf(id);
    const key = IdempotencyStore.keyOf(request.headers['idempotency-key']);
    await this.bus.request(bulkContracts.checkManage, { userId, teamId });
    const received = await this.receiver.receive(request);
    const create = async (bulkId: string) => {
      const files = await this.receiver.split(received);
      return this.record(files, () =>
        this.bus.request(bulkContracts.createBulk, { userId, teamId, bulkId, files }, RECORD_TIMEOUT),
      );
    };
    if (!key) return accepted(reply, await create(randomUUID()));
    return accepted(
      reply,
      await this.createOnce(userId, key, bulkRequestDigest(teamId, received), received, reply, create),
    );
  }

  @Get('bulk-imports/:id')
  @RequiresScope('imports:write')
  get(@CurrentUserId() userId: number, @Param('id') bulkId: string): Promise<BulkImport> {
    if (!UUID.test(bulkId)) throw notFound(BULK_MESSAGES.bulkNotFound);
    return this.bus.request(bulkContracts.getBulk, { userId, bulkId });
  }

  @Get('bulk-imports/:id/events')
  @RequiresScope('imports:write')
  async events(
    @CurrentUserId() userId: number,
    @Param('id') bulkId: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    if (!UUID.test(bulkId)) throw notFound(BULK_MESSAGES.bulkNotFound);
    reply.raw.once('close', this.streams.claim(userId));
    // Read again once listening: no event between the two reads is missed.
    const first = await this.bus.request(bulkContracts.getBulk, { userId, bulkId });
    const buffers = new Map<string, ImportEventBuffer>();
    for (const file of first.files)
      if (file.importId && !isTerminalImportState(file.status))
        buffers.set(file.importId, this.hub.open(file.importId));
    let current: BulkImport;
    try {
      current = buffers.size ? await this.bus.request(bulkContracts.getBulk, { userId, bulkId }) : first;
    } catch (error) {
      for (const buffer of buffers.values()) buffer.close();
      throw error;
    }
    streamBulkEvents(request, reply, current, buffers, this.config.IMPORT_SSE_HEARTBEAT_MS);
  }

  @Get('teams/:id/sources')
  @RequiresScope('workspaces:read')
  sources(@CurrentUserId() userId: number, @Param('id') id: string): Promise<WorkspaceSource[]> {
    return this.bus.request(bulkContracts.listSources, { userId, teamId: workspaceIdOf(id) });
  }

  /** A newer export of one source: its people re-imported, the changes recorded as for a re-import. */
  @Put('teams/:id/sources/:sourceId')
  @RequiresScope('imports:write')
  @HttpCode(202)
  async replace(
    @CurrentUserId() userId: number,
    @Param('id') id: string,
    @Param('sourceId') rawSourceId: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<BulkImportAccepted> {
    const teamId = workspaceIdOf(id);
    const sourceId = positiveIdOf(rawSourceId, BULK_MESSAGES.invalidSourceId);
    await this.bus.request(bulkContracts.checkManage, { userId, teamId });
    const [file] = await this.receiver.split(await this.receiver.receive(request, { single: true }));
    if (!file) throw notFound(BULK_MESSAGES.sourceNotFound);
    const bulk = await this.record([file], () =>
      this.bus.request(
        bulkContracts.replaceSource,
        { userId, teamId, sourceId, bulkId: randomUUID(), file },
        RECORD_TIMEOUT,
      ),
    );
    return accepted(reply, bulk);
  }

  @Delete('teams/:id/sources/:sourceId')
  @RequiresScope('imports:write')
  delete(@CurrentUserId() userId: number, @Param('id') id: string, @Param('sourceId') sourceId: string) {
    const teamId = workspaceIdOf(id);
    return this.bus.request(bulkContracts.deleteSource, {
      userId,
      teamId,
      sourceId: positiveIdOf(sourceId, BULK_MESSAGES.invalidSourceId),
    });
  }

  @Post('teams/:id/sources/:sourceId/claim')
  @HttpCode(200)
  claim(
    @CurrentUserId() userId: number,
    @Param('id') id: string,
    @Param('sourceId') sourceId: string,
  ): Promise<ClaimedSource> {
    const teamId = workspaceIdOf(id);
    return this.bus.request(bulkContracts.claimSource, {
      userId,
      teamId,
      sourceId: positiveIdOf(sourceId, BULK_MESSAGES.invalidSourceId),
    });
  }

  /**
   * With an Idempotency-Key: the first request with the key records its bulk; a retry with the same
   * files (bytes, names, e-mails, in order) answers that bulk and its own stored files are dropped
   * (nothing is imported again); other files are 409.
   */
  private async createOnce(
    userId: number,
    key: string,
    digest: string,
    received: ReceivedBulkFile[],
    reply: FastifyReply,
    create: (bulkId: string) => Promise<BulkImport>,
  ): Promise<BulkImport> {
    const bulkId = randomUUID();
    let claim;
    try {
      claim = await this.idempotency.claim(
        userId,
        key,
        digest,
        bulkId,
        REPLAY_WAIT_MS,
        IDEMPOTENCY_KEY_REUSED_BULK,
      );
    } catch (error) {
      await this.receiver.discard(received);
      throw error;
    }
    if (!claim.first) {
      await this.receiver.discard(received);
      reply.header('idempotent-replayed', 'true');
      return this.bus.request(bulkContracts.getBulk, { userId, bulkId: claim.importId });
    }
    try {
      const bulk = await create(bulkId);
      await this.idempotency.recorded(userId, key, digest, bulk.id);
      return bulk;
    } catch (error) {
      await this.idempotency.release(userId, key, digest, bulkId);
      throw error;
    }
  }

  /** Stored files nobody will import are removed when the bulk cannot be recorded. */
  private async record(
    files: Parameters<BulkUploadReceiver['discard']>[0],
    create: () => Promise<BulkImport>,
  ): Promise<BulkImport> {
    try {
      return await create();
    } catch (error) {
      await this.receiver.discard(files);
      throw error;
    }
  }
}

function accepted(reply: FastifyReply, bulk: BulkImport): BulkImportAccepted {
  const statusUrl = `/api/bulk-imports/${bulk.id}`;
  reply.header('location', statusUrl);
  return { ...bulk, statusUrl, eventsUrl: `${statusUrl}/events` };
}
