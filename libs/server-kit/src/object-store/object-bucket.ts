import type { NatsConnection } from '@nats-io/transport-node';
import { Objm, StorageType, type ObjectStore } from '@nats-io/obj';

const NANOS_PER_HOUR = 3600 * 1e9;

/**
 * A JetStream Object Store bucket, created on first use with a TTL (what a failure leaves behind
 * expires on its own). A failed open (NATS down) is forgotten, so the next use tries again.
 */
export class ObjectBucket {
  private store: Promise<ObjectStore> | null = null;

  constructor(
    private readonly nc: NatsConnection,
    readonly name: string,
    private readonly ttlHours: number,
  ) {}

  open(): Promise<ObjectStore> {
    this.store ??= new Objm(this.nc)
      .create(this.name, { storage: StorageType.File, ttl: this.ttlHours * NANOS_PER_HOUR })
      .catch((error: unknown) => {
        this.store = null;
        throw error;
      });
    return this.store;
  }

  /** Best effort: an object already gone, or NATS down, is left to the bucket's TTL. */
  async removeQuietly(objectName: string): Promise<void> {
    try {
      await (await this.open()).delete(objectName);
    } catch {
      // The TTL removes it.
    }
  }
}
