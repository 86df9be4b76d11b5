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
import { BusClient, notFound, SERVICE_CONFIG, ServiceError } from '@warmpath/server-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import type { GatewayConfig } from '../../config/gateway.config.js';
import { Public } from '../../http/public.decorator.js';
import { ZodPipe } from '../../http/zod-body.pipe.js';
import { CurrentUserId } from '../session/session.guard.js';
import { IdempotencyStore } from './idempotency.store.js';
import { ImportEventsHub } from './import-events.hub.js';
import { streamImportEvents } from './import-event-stream.js';
import { ImportResultReader } from './import-result.reader.js';
import { ImportWaiter } from './import-waiter.js';
import { PreviewRateGuard } from './preview-rate.guard.js';
import { StreamSlots } from './stream-slots.js';
import { UploadBucket } from './upload-bucket.js';
import { UploadReceiver, type ReceivedUpload, type UploadMessages } from './upload-receiver.js';
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
  @Inject(IdempotencyStore) private readonly idempotency!: IdempotencyStore;

  constructor(
    private readonly receiver: UploadReceiver,
    private readonly bucket: UploadBucket,
    private readonly bus: BusClient,
    private readonly waiter: ImportWaiter,
    private readonly results: ImportResultReader,
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
    let resultObject: string | null = null;
    try {
      const preview = await this.bus
        .request(
          importsContracts.createPreview,
          { objectName: upload.id, fileName: upload.fileName },
          { timeoutMs: this.config.IMPORT_SYNC_WAIT_MS },
        )
        .catch(explainPreviewTimeout);
      resultObject = preview.resultObject;
      const body = await this.bucket.get(resultObject);
      if (!body)
        throw new ServiceError(
          'SERVICE_UNAVAILABLE',
          'The import result is not available; please try again.',
        );
      reply.raw.once('close', () => void this.bucket.remove(preview.resultObject));
      await reply
        .status(200)
        .header('content-type', 'application/json; charset=utf-8')
        .send(Readable.fromWeb(body));
    } catch (error) {
      if (resultObject) await this.bucket.remove(resultObject);
      throw error;
    } finally {
      await this.bucket.remove(upload.id);
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
    @Param('id') importId: string,
    @Query(new ZodPipe(importChangesQuerySchema)) query: ImportChangesQuery,
  ): Promise<ImportChangesPage> {
    if (!UUID.test(importId)) throw notFound('Import not found');
    return this.bus.request(importChangesContracts.listChanges, { ...query, importId, userId });
  }

  /** Whether this import's absent people can be removed, and its removal (undoable for 7 days). */
  @Get('imports/:id/absent')
  @RequiresScope('imports:write')
  absent(@CurrentUserId() userId: number, @Param('id') importId: string): Promise<AbsentStatus> {
    if (!UUID.test(importId)) throw notFound('Import not found');
    return this.bus.request(absentRemovalContracts.status, { importId, userId });
  }

  /** Removes the people not in the latest export (notes kept with them); 409 if not the latest import. */
  @Post('imports/:id/remove-absent')
  @RequiresScope('imports:write')
  @HttpCode(200)
  removeAbsent(@CurrentUserId() userId: number, @Param('id') importId: string): Promise<RemoveAbsentReply> {
    if (!UUID.test(importId)) throw notFound('Import not found');
    return this.bus.request(absentRemovalContracts.remove, { importId, userId });
  }

  /** Undoes the removal within 7 days (410 after: it is final). */
  @Post('imports/:id/restore-absent')
  @RequiresScope('imports:write')
  @HttpCode(200)
  restoreAbsent(@CurrentUserId() userId: number, @Param('id') importId: string): Promise<RestoreAbsentReply> {
    if (!UUID.test(importId)) throw notFound('Import not found');
    return this.bus.request(absentRemovalContracts.restore, { importId, userId });
  }

  @Get('imports/:id')
  @RequiresScope('imports:write')
  status(@CurrentUserId() userId: number, @Param('id') importId: string): Promise<ImportStatus> {
    if (!UUID.test(importId)) throw notFound('Import not found');
    return this.bus.request(importsContracts.getImport, { importId, userId });
  }

  @Get('imports/:id/events')
  @RequiresScope('imports:write')
  async events(
    @CurrentUserId() userId: number,
    @Param('id') importId: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    if (!UUID.test(importId)) throw notFound('Import not found');
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
    const { status, joined } = key
      ? await this.recordOnce(userId, key, upload, reply)
      : await this.record(userId, upload);
    if (/\brespond-async\b/i.test(String(request.headers.prefer ?? '')))
      return accepted(reply, status, joined);
    const final = await this.waiter.waitForEnd(status.id, userId, this.config.IMPORT_SYNC_WAIT_MS);
    if (final.state === 'failed') throw failureOf(final);
    if (final.state !== 'completed') return accepted(reply, final, joined);
    return (
      (await this.results.read(userId, this.config.IMPORT_SYNC_MAX_CONNECTIONS)) ??
      accepted(reply, final, joined)
    );
  }

  /**
   * With an Idempotency-Key: the first upload with the key records its import; a retry of the same
   * bytes answers that import (its own upload is dropped), other bytes are 409.
   */
  private async recordOnce(userId: number, key: string, upload: ReceivedUpload, reply: FastifyReply) {
    let claim;
    try {
      claim = await this.idempotency.claim(userId, key, upload.digest, upload.id);
    } catch (error) {
      await this.bucket.remove(upload.id);
      throw error;
    }
    if (!claim.first) {
      await this.bucket.remove(upload.id);
      reply.header('idempotent-replayed', 'true');
      const status = await this.bus.request(importsContracts.getImport, { importId: claim.importId, userId });
      return { status, joined: true };
    }
    try {
      const recorded = await this.record(userId, upload);
      await this.idempotency.recorded(userId, key, upload.digest, recorded.status.id);
      return recorded;
    } catch (error) {
      await this.idempotency.release(userId, key, upload.digest, upload.id);
      throw error;
    }
  }

  private async record(userId: number, upload: ReceivedUpload) {
    try {
      return await this.bus.request(importsContracts.createImport, {
        importId: upload.id,
        userId,
        fileName: upload.fileName,
        objectName: upload.id,
        sizeBytes: upload.sizeBytes,
        digest: upload.digest,
      });
    } catch (error) {
      await this.bucket.remove(upload.id);
      throw error;
    }
  }
}

function accepted(reply: FastifyReply, status: ImportStatus, joined: boolean): ImportAccepted {
  const statusUrl = `/api/imports/${status.id}`;
  reply.status(202).header('location', statusUrl);
  return { ...status, joined, statusUrl, eventsUrl: `${statusUrl}/events` };
}

/** A file that cannot be used is the client's 400 with the reason; giving up after retries is a 503. */
function failureOf(status: ImportStatus): ServiceError {
  const message = status.error?.message ?? 'The import failed.';
  return new ServiceError(
    status.error?.code === 'RETRIES_EXHAUSTED' ? 'SERVICE_UNAVAILABLE' : 'VALIDATION_FAILED',
    message,
  );
}

function explainPreviewTimeout(error: unknown): never {
  if (error instanceof ServiceError && error.code === 'SERVICE_TIMEOUT') {
    throw new ServiceError(
      'SERVICE_TIMEOUT',
      'Reading the file took too long. Sign in to import large files in the background.',
    );
  }
  throw error;
}
