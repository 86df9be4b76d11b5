import { Inject, Injectable } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import type { ObjectInfo } from '@nats-io/obj';
import { importUploadBucket } from '@warmpath/contracts';
import { NATS_CONNECTION, ObjectBucket, SERVICE_CONFIG } from '@warmpath/server-kit';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ImportWorkerConfig } from '../../config/import-worker.config.js';
import { connectionsSource, openUpload, type OpenedUpload } from '../archive/archive-source.js';
import { ImportFailureError } from '../csv/import-failure.js';

/**
 * Chunks fetched ahead of the reader. The object store's own get() pushes every chunk into an
 * unbounded stream (a 30 MB file sits in memory at once); a pull consumer fetching a few at a
 * time lets the CSV parser's pace decide (backpressure), and memory stays flat.
 */
const READ_AHEAD_CHUNKS = 4;

/**
 * The JetStream Object Store bucket the gateway streams uploads into (the claim check): the
 * worker reads an upload from there by name, never from a NATS message.
 */
@Injectable()
export class UploadStore {
  private readonly bucket: ObjectBucket;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(SERVICE_CONFIG) config: ImportWorkerConfig,
  ) {
    this.bucket = new ObjectBucket(
      nc,
      importUploadBucket(config.NATS_PREFIX),
      config.IMPORT_UPLOAD_TTL_HOURS,
    );
  }

  /** The object's bytes as the reader takes them; FILE_MISSING when it is gone (expired or already used). */
  async read(name: string): Promise<AsyncIterable<Uint8Array>> {
    const info = await (await this.bucket.open()).info(name);
    if (!info || info.deleted) throw ImportFailureError.fileMissing();
    return this.readChunks(info);
  }

  /**
   * The connections file of an upload: the object itself, or Connections.csv unpacked from it
   * when it is a ZIP archive (see connectionsSource).
   */
  async readConnections(name: string, fileName: string): Promise<AsyncIterable<Uint8Array>> {
    return connectionsSource(await this.read(name), fileName);
  }

  /** readConnections, and the archive's Positions.csv when the upload is an archive holding one. */
  async openImportFile(name: string, fileName: string): Promise<OpenedUpload> {
    return openUpload(await this.read(name), fileName);
  }

  /**
   * The chunks of an object (ADR-20 layout: subject `$O.<bucket>.C.<nuid>` of stream
   * `OBJ_<bucket>`), pulled a few at a time, checked against the object's SHA-256 digest at the end.
   */
  private async *readChunks(info: ObjectInfo): AsyncGenerator<Uint8Array> {
    if (info.size === 0) return;
    const consumer = await jetstream(this.nc).consumers.get(`OBJ_${info.bucket}`, {
      // A string, not an array: multiple filter subjects need nats-server 2.10, Debian 12 ships 2.9.
      filter_subjects: `$O.${info.bucket}.C.${info.nuid}`,
    });
    const messages = await consumer.consume({ max_messages: READ_AHEAD_CHUNKS });
    const hash = createHash('sha256');
    let received = 0;
    try {
      for await (const message of messages) {
        if (message.data.length > 0) {
          hash.update(message.data);
          received += message.data.length;
          yield message.data;
        }
        if (message.info.pending === 0) break;
      }
    } finally {
      await messages.close().catch(() => undefined);
    }
    const digest = `SHA-256=${hash.digest('base64url')}`;
    if (received !== info.size || digest.replace(/=+$/, '') !== info.digest.replace(/=+$/, '')) {
      throw new Error(`Upload ${info.name} is corrupt: ${received} of ${info.size} bytes, digest ${digest}`);
    }
  }

  /** Writes text produced on the fly (a preview's JSON) as an object. */
  async write(name: string, text: Iterable<string> | AsyncIterable<string>): Promise<void> {
    const encoder = new TextEncoder();
    async function* bytes(): AsyncGenerator<Uint8Array> {
      for await (const chunk of text) yield encoder.encode(chunk);
    }
    const stream = Readable.toWeb(Readable.from(bytes())) as ReadableStream<Uint8Array>;
    await (await this.bucket.open()).put({ name }, stream);
  }

  /** Writes bytes produced on the fly (an export unpacked from a bulk's ZIP) as an object. */
  async putBytes(name: string, bytes: AsyncIterable<Uint8Array>): Promise<ObjectInfo> {
    const stream = Readable.toWeb(Readable.from(bytes)) as ReadableStream<Uint8Array>;
    return (await this.bucket.open()).put({ name, options: { max_chunk_size: 128 * 1024 } }, stream);
  }

  /** Best effort: the bucket's TTL removes whatever a failure leaves behind. */
  remove(name: string): Promise<void> {
    return this.bucket.removeQuietly(name);
  }
}
