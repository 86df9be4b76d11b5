import { Inject, Injectable } from '@nestjs/common';
import {
  importsContracts,
  MAX_LISTED_IMPORTS,
  type ImportList,
  type ImportStatus,
  type ReplyOf,
  type RequestOf,
} from '@warmpath/contracts';
import { BusClient, HandleRequest, LOGGER, notFound } from '@warmpath/server-kit';
import type { Logger } from 'pino';
import { PreviewService, type PreviewReply } from '../preview/preview.service.js';
import { UploadStore } from '../uploads/upload-store.js';
import { ImportQueue } from './import-queue.js';
import { ImportReconciler } from './import-reconciler.js';
import { toImportStatus } from './import-status.mapper.js';
import { ImportsRepository } from './imports.repository.js';

/** The import-worker's requests: record and queue an import, read it, preview a file. */
@Injectable()
export class ImportsHandler {
  constructor(
    private readonly imports: ImportsRepository,
    private readonly queue: ImportQueue,
    private readonly reconciler: ImportReconciler,
    private readonly uploads: UploadStore,
    private readonly previews: PreviewService,
    private readonly bus: BusClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @HandleRequest(importsContracts.createImport)
  async create(
    request: RequestOf<typeof importsContracts.createImport>,
  ): Promise<ReplyOf<typeof importsContracts.createImport>> {
    const { entity, joined } = await this.createOrJoinLive(request);
    const status = toImportStatus(entity);
    if (joined) {
      // The running import already has these bytes.
      await this.uploads.remove(request.objectName);
      this.logger.info(
        { importId: entity.id, userId: entity.userId },
        'upload joined the running import of the same file',
      );
      return { status, joined };
    }
    await this.enqueueOrUndo(entity.id);
    this.bus.publish(importsContracts.importProgressed, { ...status, userId: entity.userId });
    return { status, joined };
  }

  /**
   * An import that cannot be queued (Redis down or full) is not left behind: the caller is told
   * 503 and may upload again. Should the undo fail too, the reconciler queues it later.
   */
  private async enqueueOrUndo(importId: string): Promise<void> {
    try {
      await this.queue.enqueue(importId);
    } catch (error) {
      await this.imports.deleteUnstarted(importId).catch((undo: unknown) => {
        this.logger.warn({ err: undo, importId }, 'unqueued import not removed; the reconciler queues it');
      });
      throw error;
    }
  }

  /**
   * Joins the unfinished import of the same file only once it surely runs: one whose job was lost
   * is queued again first, and one BullMQ had failed is recorded as failed and a new import starts.
   */
  private async createOrJoinLive(request: RequestOf<typeof importsContracts.createImport>) {
    const first = await this.imports.createOrJoin(request);
    if (!first.joined || (await this.reconciler.ensureLive(first.entity))) return first;
    return this.imports.createOrJoin(request);
  }

  /** Only the importing user may read an import; for anyone else it does not exist. */
  @HandleRequest(importsContracts.getImport)
  async get(request: RequestOf<typeof importsContracts.getImport>): Promise<ImportStatus> {
    const entity = await this.imports.findById(request.importId);
    if (!entity || entity.userId !== request.userId) throw notFound('Import not found');
    return toImportStatus(entity);
  }

  @HandleRequest(importsContracts.listImports)
  async list(request: RequestOf<typeof importsContracts.listImports>): Promise<ImportList> {
    const entities = await this.imports.listForUser(request.userId, MAX_LISTED_IMPORTS);
    return { imports: entities.map(toImportStatus) };
  }

  @HandleRequest(importsContracts.createPreview)
  preview(request: RequestOf<typeof importsContracts.createPreview>): Promise<PreviewReply> {
    return this.previews.preview(request.objectName, request.fileName);
  }
}
