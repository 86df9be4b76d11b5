import { Inject, Injectable } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { Objm, StorageType, type ObjectStore } from '@nats-io/obj';
import { importUploadBucket } from '@warmpath/contracts';
import { NATS_CONNECTION, SERVICE_CONFIG } from '@warmpath/server-kit';
import { Readable } from 'node:stream';
import type { ImportWorkerConfig } from '../../config/import-worker.config.js';
import { ImportFailureError } from '../csv/import-failure.js';

const NANOS_PER_HOUR = 3600 * 1e9;

/**
 * The JetStream Object Store bucket the gateway streams uploads into (the claim check): the
 * worker reads an upload from there by name, never from a NATS message.
 */
@Injectable()
export class UploadStore {
  private store: Promise<ObjectStore> | null = null;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(SERVICE_CONFIG) private readonly config: ImportWorkerConfig,
  ) {}

  /** The object's bytes as they stream in; FILE_MISSING when it is gone (expired or already used). */
  async read(name: string): Promise<AsyncIterable<Uint8Array>> {
    const result = await (await this.bucket()).get(name);
    if (!result) throw ImportFailureError.fileMissing();
    return readVerified(result.data, result.error);
  }

  /** Writes text produced on the fly (a preview's JSON) as an object. */
  async write(name: string, text: Iterable<string> | AsyncIterable<string>): Promise<void> {
    const encoder = new TextEncoder();
    async function* bytes(): AsyncGenerator<Uint8Array> {
      for await (const chunk of text) yield encoder.encode(chunk);
    }
    const stream = Readable.toWeb(Readable.from(bytes())) as ReadableStream<Uint8Array>;
    await (await this.bucket()).put({ name }, stream);
  }

  /** Best effort: the bucket's TTL removes whatever a failure leaves behind. */
  async remove(name: string): Promise<void> {
    try {
      await (await this.bucket()).delete(name);
    } catch {
      // Already gone, or NATS is down: the TTL will do it.
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

/** The object's chunks, then its digest check: a corrupted object fails the read, never imports half. */
async function* readVerified(data: ReadableStream<Uint8Array>, verdict: Promise<Error | null>): AsyncGenerator<Uint8Array> {
  for await (const chunk of data) yield chunk;
  const error = await verdict;
  if (error) throw error;
}
