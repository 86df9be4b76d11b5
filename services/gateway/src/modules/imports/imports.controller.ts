import { Controller, Get, HttpCode, Inject, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import {
  IMPORT_UPLOAD_MESSAGES,
  absentRemovalContracts,
  importChangesContracts,
  importChangesQuerySchema,
  importsContracts,
  type AbsentStatus,
  type ImportAccepted,
  type ImportChangesPage,
  type ImportChangesQuery,
  type ImportList,
  type ImportResult,
  type ImportStatus,
  type RemoveAbsentReply,
  type RestoreAbsentReply,
} from '@warmpath/contracts';
import { BusClient, SERVICE_CONFIG } from '@warmpath/server-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import type { GatewayConfig } from '../../config/gateway.config.js';
import { ParseUuidPipe } from '../../http/parse-uuid.pipe.js';
import { Public } from '../../http/public.decorator.js';
import { ZodPipe } from '../../http/zod-body.pipe.js';
import { CurrentUserId } from '../session/session.guard.js';
import { IdempotencyStore } from './idempotency.store.js';
import { ImportEventsHub } from './import-events.hub.js';
import { streamImportEvents } from './import-event-stream.js';
import { PreviewRateGuard } from './preview-rate.guard.js';
import { StreamSlots } from './stream-slots.js';
import { UploadReceiver, type UploadMessages } from './upload-receiver.js';
import { UploadWorkflowService } from './upload-workflow.service.js';
import { RequiresScope } from '../../http/requires-scope.decorator.js';

/** The OAuth/CSV dialog's texts ('Invalid file format', 'No file selected'). */
const IMPORT_DIALOG: UploadMessages = {
  noFile: IMPORT_UPLOAD_MESSAGES.noFileSelected,
  notCsv: IMPORT_UPLOAD_MESSAGES.invalidFileFormat,
};
/** The 'Import LinkedIn Data' dialog's texts ('Invalid File', 'No File Selected'). */
const DATA_DIALOG: UploadMessages = {
  noFile: IMPORT_UPLOAD_MESSAGES.noFileSelectedData,
  notCsv: IMPORT_UPLOAD_MESSAGES.invalidFile,
};

const IMPORT_ID = new ParseUuidPipe('Import not found');
/** `Prefer: respond-async`: answer 202 with the import at once instead of waiting for it. */
const RESPOND_ASYNC = /\brespond-async\b/i;

/**
 * The import calls of docs/product.md#api and the import status routes of docs/import.md. Uploads
 * go to the object store, the import worker does the work; the synchronous routes wait for it
 * (IMPORT_SYNC_WAIT_MS) and answer `{connections, relationships}`, or 202 with the import's address
 * past the wait (at once with `Prefer: respond-async`).
 */
@Controller('api')
export class ImportsController {
  /** A property, not a constructor argument, so the controller's unit tests need not build it. */
  @Inject(StreamSlots) private readonly streams!: StreamSlots;

  constructor(
    private readonly receiver: UploadReceiver,
    private readonly uploads: UploadWorkflowService,
    private readonly bus: BusClient,
    private readonly hub: ImportEventsHub,
    @Inject(SERVICE_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Post('network/import/authenticated')
  @RequiresScope('imports:write')
  @HttpCode(200)
  importFromDialog(
    @CurrentUserId() userId: number,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.importAndWait(userId, request, reply, IMPORT_DIALOG);
  }

  @Post('linkedin/import-csv')
  @RequiresScope('imports:write')
  @HttpCode(200)
  importFromDataDialog(
    @CurrentUserId() userId: number,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.importAndWait(userId, request, reply, DATA_DIALOG);
  }

  /** Visitors who are not signed in: the file is read and answered, and nothing is stored. */
  @Post('network/import')
  @Public()
  @UseGuards(PreviewRateGuard)
  async preview(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const upload = await this.receiver.receive(request, reply, IMPORT_DIALOG);
    const preview = await this.uploads.preview(upload);
    reply.raw.once('close', () => void preview.discard());
    try {
      await reply
        .status(200)
        .header('content-type', 'application/json; charset=utf-8')
        .send(Readable.fromWeb(preview.body));
    } catch (error) {
      await preview.discard();
      throw error;
    }
  }

  /**
   * The caller's imports, newest first: date, file name, counts (the import history of
   * docs/product.md#import-history).
   */
  @Get('imports')
  @RequiresScope('imports:write')
  list(@CurrentUserId() userId: number): Promise<ImportList> {
    return this.bus.request(importsContracts.listImports, { userId });
  }

  /** What an import changed (new people, job changes, people absent), paged, by kind. */
  @Get('imports/:id/changes')
  @RequiresScope('imports:write')
  changes(
    @CurrentUserId() userId: number,
    @Param('id', IMPORT_ID) importId: string,
    @Query(new ZodPipe(importChangesQuerySchema)) query: ImportChangesQuery,
  ): Promise<ImportChangesPage> {
    return this.bus.request(importChangesContracts.listChanges, { ...query, importId, userId });
  }

  /** Whether this import's absent people can be removed, and its removal (undoable for 7 days). */
  @Get('imports/:id/absent')
  @RequiresScope('imports:write')
  absent(@CurrentUserId() userId: number, @Param('id', IMPORT_ID) importId: string): Promise<AbsentStatus> {
    return this.bus.request(absentRemovalContracts.status, { importId, userId });
  }

  /** Removes the people not in the latest export (notes kept with them); 409 if not the latest import. */
  @Post('imports/:id/remove-absent')
  @RequiresScope('imports:write')
  @HttpCode(200)
  removeAbsent(
    @CurrentUserId() userId: number,
    @Param('id', IMPORT_ID) importId: string,
  ): Promise<RemoveAbsentReply> {
    return this.bus.request(absentRemovalContracts.remove, { importId, userId });
  }

  /** Undoes the removal within 7 days (410 after: it is final). */
  @Post('imports/:id/restore-absent')
  @RequiresScope('imports:write')
  @HttpCode(200)
  restoreAbsent(
    @CurrentUserId() userId: number,
    @Param('id', IMPORT_ID) importId: string,
  ): Promise<RestoreAbsentReply> {
    return this.bus.request(absentRemovalContracts.restore, { importId, userId });
  }

  @Get('imports/:id')
  @RequiresScope('imports:write')
  status(@CurrentUserId() userId: number, @Param('id', IMPORT_ID) importId: string): Promise<ImportStatus> {
    return this.bus.request(importsContracts.getImport, { importId, userId });
  }

  @Get('imports/:id/events')
  @RequiresScope('imports:write')
  async events(
    @CurrentUserId() userId: number,
    @Param('id', IMPORT_ID) importId: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    reply.raw.once('close', this.streams.claim(userId));
    const events = this.hub.open(importId);
    let current: ImportStatus;
    try {
      current = await this.bus.request(importsContracts.getImport, { importId, userId });
    } catch (error) {
      events.close();
      throw error;
    }
    streamImportEvents(request, reply, current, events, this.config.IMPORT_SSE_HEARTBEAT_MS);
  }

  private async importAndWait(
    userId: number,
    request: FastifyRequest,
    reply: FastifyReply,
    messages: UploadMessages,
  ): Promise<ImportResult | ImportAccepted> {
    const key = IdempotencyStore.keyOf(request.headers['idempotency-key']);
    const upload = await this.receiver.receive(request, reply, messages);
    const { status, joined, replayed } = await this.uploads.record(userId, upload, key);
    if (replayed) reply.header('idempotent-replayed', 'true');
    if (RESPOND_ASYNC.test(String(request.headers.prefer ?? ''))) return accepted(reply, status, joined);
    const answer = await this.uploads.awaitNetwork(userId, status.id);
    return answer.kind === 'network' ? answer.network : accepted(reply, answer.status, joined);
  }
}

function accepted(reply: FastifyReply, status: ImportStatus, joined: boolean): ImportAccepted {
  const statusUrl = `/api/imports/${status.id}`;
  reply.status(202).header('location', statusUrl);
  return { ...status, joined, statusUrl, eventsUrl: `${statusUrl}/events` };
}
