import { Inject, Injectable } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import type { ObjectInfo } from '@nats-io/obj';
import { importUploadBucket } from '@warmpath/contracts';
import { NATS_CONNECTION, ObjectBucket, SERVICE_CONFIG } from '@warmpath/server-kit';
import type { GatewayConfig } from '../../config/gateway.config.js';

/**
 * The object store's usual chunk size. Larger chunks upload a little faster but raise the
 * worker's peak memory (each chunk is a buffer in flight;
 * docs/performance.md#figures-behind-choices-in-the-code).
 */
const CHUNK_BYTES = 128 * 1024;

/**
 * The JetStream Object Store bucket uploads are streamed into (the claim check of
 * docs/architecture.md#redis-and-jetstream): services get the object's name, never the bytes in a
 * NATS message.
 */
@Injectable()
export class UploadBucket {
  private readonly bucket: ObjectBucket;

  constructor(@Inject(NATS_CONNECTION) nc: NatsConnection, @Inject(SERVICE_CONFIG) config: GatewayConfig) {
    this.bucket = new ObjectBucket(
      nc,
      importUploadBucket(config.NATS_PREFIX),
      config.IMPORT_UPLOAD_TTL_HOURS,
    );
  }

  async put(name: string, data: ReadableStream<Uint8Array>): Promise<ObjectInfo> {
    return (await this.bucket.open()).put({ name, options: { max_chunk_size: CHUNK_BYTES } }, data);
  }

  /** The object's bytes, or null when it does not exist. */
  async get(name: string): Promise<ReadableStream<Uint8Array> | null> {
    const result = await (await this.bucket.open()).get(name);
    return result ? result.data : null;
  }

  /** Best effort: the bucket's TTL removes whatever a failure leaves behind. */
  remove(name: string): Promise<void> {
    return this.bucket.removeQuietly(name);
  }
}
