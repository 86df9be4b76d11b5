import { Inject, Injectable } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { Objm, StorageType, type ObjectInfo, type ObjectStore } from '@nats-io/obj';
import { importUploadBucket } from '@warmpath/contracts';
import { NATS_CONNECTION, SERVICE_CONFIG } from '@warmpath/server-kit';
import type { GatewayConfig } from '../../config/gateway.config.js';

const NANOS_PER_HOUR = 3600 * 1e9;
/**
 * The object store's usual chunk size. 512 KiB chunks uploaded a little faster but cost the
 * worker ~20 MB more peak memory (each chunk is a buffer in flight; bench/src/import.bench.mjs).
 */
const CHUNK_BYTES = 128 * 1024;

/**
 * The JetStream Object Store bucket uploads are streamed into (the claim check of ARCHITECTURE.md
 * "Import pipeline"): services get the object's name, never the bytes in a NATS message.
 */
@Injectable()
export class UploadBucket {
  private store: Promise<ObjectStore> | null = null;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(SERVICE_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async put(name: string, data: ReadableStream<Uint8Array>): Promise<ObjectInfo> {
    return (await this.bucket()).put({ name, options: { max_chunk_size: CHUNK_BYTES } }, data);
  }

  /** The object's bytes, or null when it does not exist. */
  async get(name: string): Promise<ReadableStream<Uint8Array> | null> {
    const result = await (await this.bucket()).get(name);
    return result ? result.data : null;
  }

  /** Best effort: the bucket's TTL removes whatever a failure leaves behind. */
  async remove(name: string): Promise<void> {
    try {
      await (await this.bucket()).delete(name);
    } catch {
      // Already gone (an interrupted put leaves nothing), or NATS is down: the TTL will do it.
    }
  }

  private bucket(): Promise<ObjectStore> {
    this.store ??= new Objm(this.nc)
      .create(importUploadBucket(this.config.NATS_PREFIX), {
        storage: StorageType.File,
        ttl: this.config.IMPORT_UPLOAD_TTL_HOURS * NANOS_PER_HOUR,
      })
      .catch((error: unknown) => {
        this.store = null;
        throw error;
      });
    return this.store;
  }
}
