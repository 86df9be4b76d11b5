import { Inject, Injectable } from '@nestjs/common';
import { fileTooLargeMessage } from '@warmpath/contracts';
import { invalid, SERVICE_CONFIG, ServiceError } from '@warmpath/server-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { GatewayConfig } from '../../config/gateway.config.js';
import { UploadBucket } from './upload-bucket.js';

/** The texts of one dialog's upload checks (docs/product.md#uploads). */
export interface UploadMessages {
  noFile: string;
  notCsv: string;
}

export interface ReceivedUpload {
  /** Also the object's name: an import and its upload share one id. */
  id: string;
  fileName: string;
  sizeBytes: number;
  digest: string;
}

/** Room for multipart boundaries and part headers on top of the file itself. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
const FILE_NAME_MAX = 255;
/** Announced bodies up to this many times IMPORT_MAX_FILE_BYTES are drained so browsers see the 413. */
const DRAIN_FACTOR = 4;

class FileTooLargeError extends Error {}

/** docs/product.md#uploads: type text/csv, or a name ending .csv. */
export function isCsvUpload(mimetype: string, fileName: string): boolean {
  return mimetype.split(';')[0]?.trim().toLowerCase() === 'text/csv' || /\.csv$/i.test(fileName.trim());
}

const ZIP_TYPES = new Set(['application/zip', 'application/x-zip-compressed', 'application/x-zip']);

/**
 * LinkedIn's data archive (docs/import.md#the-linkedin-archive): a ZIP type, or a name ending .zip;
 * the worker reads Connections.csv from it.
 */
export function isZipUpload(mimetype: string, fileName: string): boolean {
  return ZIP_TYPES.has(mimetype.split(';')[0]?.trim().toLowerCase() ?? '') || /\.zip$/i.test(fileName.trim());
}

/**
 * Takes the `file` part of a multipart upload and streams it into the upload bucket, never whole
 * in memory. An upload over IMPORT_MAX_FILE_BYTES is refused 413 as soon as that is known (from
 * Content-Length, else when the limit is crossed) and the connection is closed, so the rest of the
 * body is never read.
 */
@Injectable()
export class UploadReceiver {
  constructor(
    private readonly bucket: UploadBucket,
    @Inject(SERVICE_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async receive(
    request: FastifyRequest,
    reply: FastifyReply,
    messages: UploadMessages,
  ): Promise<ReceivedUpload> {
    const maxBytes = this.config.IMPORT_MAX_FILE_BYTES;
    const announced = Number(request.headers['content-length'] ?? 0);
    // A browser reads the 413 only once it has sent its body: up to DRAIN_FACTOR times the limit,
    // the rest is read and dropped (Node does it after the answer) instead of closing on it.
    if (announced > maxBytes + MULTIPART_OVERHEAD_BYTES)
      this.refuseTooLarge(reply, announced > maxBytes * DRAIN_FACTOR);
    if (!request.isMultipart()) throw invalid(messages.noFile);
    const part = await request.file({ limits: { fileSize: maxBytes }, throwFileSizeLimit: false });
    if (!part || part.fieldname !== 'file' || part.filename === '') {
      part?.file.resume();
      throw invalid(messages.noFile);
    }
    if (!isCsvUpload(part.mimetype, part.filename) && !isZipUpload(part.mimetype, part.filename)) {
      part.file.resume();
      throw new ServiceError('UNSUPPORTED_MEDIA_TYPE', messages.notCsv);
    }
    const id = randomUUID();
    let exceeded = false;
    part.file.once('limit', () => {
      exceeded = true;
      part.file.destroy(new FileTooLargeError());
    });
    try {
      const info = await this.bucket.put(id, Readable.toWeb(part.file) as ReadableStream<Uint8Array>);
      if (exceeded || part.file.truncated) throw new FileTooLargeError();
      return {
        id,
        fileName: part.filename.slice(0, FILE_NAME_MAX),
        sizeBytes: info.size,
        digest: info.digest,
      };
    } catch (error) {
      await this.bucket.remove(id);
      if (exceeded || error instanceof FileTooLargeError) this.refuseTooLarge(reply);
      throw error;
    }
  }

  /** 413; with `close`, the connection closes after the answer so the rest of the body is not read. */
  private refuseTooLarge(reply: FastifyReply, close = true): never {
    if (close) reply.header('connection', 'close');
    throw new ServiceError('PAYLOAD_TOO_LARGE', fileTooLargeMessage(this.config.IMPORT_MAX_FILE_BYTES));
  }
}
