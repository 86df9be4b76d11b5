import { Inject, Injectable } from '@nestjs/common';
import {
  BULK_MESSAGES,
  bulkImportsContracts,
  fileTooLargeMessage,
  type BulkFileInput,
} from '@warmpath/contracts';
import { sourceNameOfFile } from '@warmpath/domain';
import { BusClient, invalid, SERVICE_CONFIG, ServiceError } from '@warmpath/server-kit';
import type { FastifyRequest } from 'fastify';
import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { GatewayConfig } from '../../config/gateway.config.js';
import { UploadBucket } from '../imports/upload-bucket.js';
import type { ReceivedBulkFile } from './bulk-request-digest.js';
import { isCsvUpload, isZipUpload } from '../imports/upload-receiver.js';

/** Files one bulk request may carry (a ZIP's exports count once: the ZIP is one file). */
export const BULK_MAX_FILES = 50;
const FILE_NAME_MAX = 255;

class FileTooLargeError extends Error {}

/**
 * Reads a bulk upload (docs/workspace-sources.md): multipart with one or more `file` parts, each optionally
 * preceded by text fields `name` (whose export it is; default: the file name without extension)
 * and `email`. Every file is streamed into the upload bucket (never whole in memory) and checked
 * on its own: a file that is not a CSV or ZIP, or is over IMPORT_MAX_FILE_BYTES, fails alone with
 * its reason. A ZIP of several exports is split by the import worker, one file per person.
 */
@Injectable()
export class BulkUploadReceiver {
  constructor(
    private readonly bucket: UploadBucket,
    private readonly bus: BusClient,
    @Inject(SERVICE_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** Receives and stores every file; a ZIP of several exports is then split by `split`. */
  async receive(request: FastifyRequest, options: { single?: boolean } = {}): Promise<ReceivedBulkFile[]> {
    if (!request.isMultipart()) throw invalid(BULK_MESSAGES.noFile);
    const maxFiles = options.single ? 1 : BULK_MAX_FILES;
    const files: ReceivedBulkFile[] = [];
    let name: string | null = null;
    let email: string | null = null;
    try {
      const parts = request.parts({
        limits: {
          fileSize: this.config.IMPORT_MAX_FILE_BYTES,
          files: maxFiles + 1,
          fields: maxFiles * 2 + 4,
          parts: maxFiles * 3 + 6,
          fieldSize: 1024,
        },
      });
      for await (const part of parts) {
        if (part.type === 'field') {
          if (part.fieldname === 'name') name = String(part.value);
          if (part.fieldname === 'email') email = String(part.value).trim() || null;
          continue;
        }
        if (part.fieldname !== 'file' || part.filename === '') {
          part.file.resume();
          continue;
        }
        if (files.length >= maxFiles) {
          part.file.resume();
          throw invalid(BULK_MESSAGES.tooManyFiles(maxFiles));
        }
        const fileName = part.filename.slice(0, FILE_NAME_MAX);
        const base = { fileName, sourceName: name ?? sourceNameOfFile(fileName), email };
        name = null;
        email = null;
        if (!isCsvUpload(part.mimetype, fileName) && !isZipUpload(part.mimetype, fileName)) {
          files.push({
            ...base,
            upload: null,
            error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: BULK_MESSAGES.notCsv },
            bytes: await digestOf(part.file),
          });
          continue;
        }
        files.push({
          ...base,
          ...(await this.store(part.file)),
          zip: isZipUpload(part.mimetype, fileName),
        } as ReceivedBulkFile);
      }
    } catch (error) {
      await this.discard(files);
      throw error;
    }
    if (files.length === 0) throw invalid(BULK_MESSAGES.noFile);
    return files;
  }

  /** Removes what was stored of a request that fails as a whole. */
  async discard(files: readonly BulkFileInput[]): Promise<void> {
    for (const file of files) if (file.upload) await this.bucket.remove(file.upload.objectName);
  }

  private async store(
    stream: NodeJS.ReadableStream & { truncated?: boolean; destroy(error?: Error): void },
  ): Promise<Pick<BulkFileInput, 'upload' | 'error'>> {
    const id = randomUUID();
    let exceeded = false;
    stream.once('limit', () => {
      exceeded = true;
      stream.destroy(new FileTooLargeError());
    });
    try {
      const info = await this.bucket.put(
        id,
        Readable.toWeb(stream as Readable) as ReadableStream<Uint8Array>,
      );
      if (exceeded || stream.truncated) throw new FileTooLargeError();
      return { upload: { objectName: id, sizeBytes: info.size, digest: info.digest }, error: null };
    } catch (error) {
      await this.bucket.remove(id);
      if (!exceeded && !(error instanceof FileTooLargeError)) throw error;
      const message = fileTooLargeMessage(this.config.IMPORT_MAX_FILE_BYTES);
      return { upload: null, error: { code: 'FILE_TOO_LARGE', message } };
    }
  }

  /** A ZIP holding several people's exports becomes one file per person (its name from the archive). */
  async split(files: readonly ReceivedBulkFile[]): Promise<BulkFileInput[]> {
    const result: BulkFileInput[] = [];
    for (const { zip, bytes: _bytes, ...file } of files) {
      if (!zip || !file.upload) {
        result.push(file);
        continue;
      }
      try {
        const split = await this.bus.request(
          bulkImportsContracts.split,
          { objectName: file.upload.objectName, fileName: file.fileName },
          { timeoutMs: 60_000 },
        );
        if (split.kind === 'single') result.push(file);
        else for (const part of split.exports) result.push({ ...part, email: null });
      } catch (error) {
        await this.bucket.remove(file.upload.objectName);
        const message = error instanceof ServiceError ? error.message : 'The archive could not be read.';
        result.push({ ...file, upload: null, error: { code: 'ARCHIVE_UNREADABLE', message } });
      }
    }
    return result;
  }
}

/** The SHA-256 of a refused part's bytes, read to its end (the request goes on after it). */
async function digestOf(stream: AsyncIterable<Buffer>): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk);
  return hash.digest('base64');
}
