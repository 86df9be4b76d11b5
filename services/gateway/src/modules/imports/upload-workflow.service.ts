import { Inject, Injectable } from '@nestjs/common';
import { importsContracts, type ImportResult, type ImportStatus } from '@warmpath/contracts';
import { BusClient, SERVICE_CONFIG, ServiceError } from '@warmpath/server-kit';
import type { GatewayConfig } from '../../config/gateway.config.js';
import { IdempotencyStore } from './idempotency.store.js';
import { ImportResultReader } from './import-result.reader.js';
import { ImportWaiter } from './import-waiter.js';
import { UploadBucket } from './upload-bucket.js';
import type { ReceivedUpload } from './upload-receiver.js';

/** An upload recorded as an import. */
export interface RecordedUpload {
  status: ImportStatus;
  /** The same bytes were already being imported: this upload joined that import. */
  joined: boolean;
  /** A retry with the same Idempotency-Key: the first request's import answers it. */
  replayed: boolean;
}

/** What a synchronous import route answers: the network, or the import still on its way. */
export type ImportAnswer =
  { kind: 'network'; network: ImportResult } | { kind: 'running'; status: ImportStatus };

/** A preview's answer in the object store, to stream to the visitor and delete after. */
export interface PreviewBody {
  body: ReadableStream<Uint8Array>;
  discard(): Promise<void>;
}

/**
 * The import routes' workflow between a received upload and the answer: record the upload as an
 * import (once per Idempotency-Key), wait for the worker within IMPORT_SYNC_WAIT_MS, read the
 * result. Every path that gives up deletes what it put in the object store.
 */
@Injectable()
export class UploadWorkflowService {
  constructor(
    private readonly bucket: UploadBucket,
    private readonly bus: BusClient,
    private readonly waiter: ImportWaiter,
    private readonly results: ImportResultReader,
    private readonly idempotency: IdempotencyStore,
    @Inject(SERVICE_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /**
   * Records the upload as an import. With an Idempotency-Key: the first upload with the key
   * records its import; a retry of the same bytes answers that import (its own upload is
   * dropped), other bytes are 409.
   */
  async record(userId: number, upload: ReceivedUpload, key: string | undefined): Promise<RecordedUpload> {
    if (!key) return { ...(await this.create(userId, upload)), replayed: false };
    let claim;
    try {
      claim = await this.idempotency.claim(userId, key, upload.digest, upload.id);
    } catch (error) {
      await this.bucket.remove(upload.id);
      throw error;
    }
    if (!claim.first) {
      await this.bucket.remove(upload.id);
      const status = await this.bus.request(importsContracts.getImport, { importId: claim.importId, userId });
      return { status, joined: true, replayed: true };
    }
    try {
      const recorded = await this.create(userId, upload);
      await this.idempotency.recorded(userId, key, upload.digest, recorded.status.id);
      return { ...recorded, replayed: false };
    } catch (error) {
      await this.idempotency.release(userId, key, upload.digest, upload.id);
      throw error;
    }
  }

  /**
   * Waits for the import to end: its network once completed (unless too big to answer inline),
   * else the import as it stands. A file that cannot be used is a 400 with the reason; giving up
   * after retries is a 503.
   */
  async awaitNetwork(userId: number, importId: string): Promise<ImportAnswer> {
    const final = await this.waiter.waitForEnd(importId, userId, this.config.IMPORT_SYNC_WAIT_MS);
    if (final.state === 'failed') throw failureOf(final);
    if (final.state !== 'completed') return { kind: 'running', status: final };
    const network = await this.results.read(userId, this.config.IMPORT_SYNC_MAX_CONNECTIONS);
    return network ? { kind: 'network', network } : { kind: 'running', status: final };
  }

  /** Reads a visitor's file into a preview; nothing is kept but the answer, until it is discarded. */
  async preview(upload: ReceivedUpload): Promise<PreviewBody> {
    let resultObject: string | null = null;
    try {
      const preview = await this.bus
        .request(
          importsContracts.createPreview,
          { objectName: upload.id, fileName: upload.fileName },
          { timeoutMs: this.config.IMPORT_SYNC_WAIT_MS },
        )
        .catch(explainPreviewTimeout);
      const name = preview.resultObject;
      resultObject = name;
      const body = await this.bucket.get(name);
      if (!body)
        throw new ServiceError(
          'SERVICE_UNAVAILABLE',
          'The import result is not available; please try again.',
        );
      return { body, discard: () => this.bucket.remove(name) };
    } catch (error) {
      if (resultObject) await this.bucket.remove(resultObject);
      throw error;
    } finally {
      await this.bucket.remove(upload.id);
    }
  }

  private async create(userId: number, upload: ReceivedUpload) {
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
