import type { NatsConnection } from '@nats-io/transport-node';
import { Objm, setSha256Backend, StorageType, type ObjectStore } from '@nats-io/obj';
import { natsLinkOf } from '../bus/nats-link.js';
import { INFRASTRUCTURE_UNAVAILABLE } from '../errors/infrastructure-error.js';
import { ServiceError } from '../errors/service-error.js';

const NANOS_PER_HOUR = 3600 * 1e9;

// Object Store hashes every object it stores and reads (SHA-256). Its default is a pure-JS hash,
// for browsers, a large share of the gateway's CPU on a large upload
// (docs/performance.md#figures-behind-choices-in-the-code); node:crypto's is native. Process-wide,
// and set before any bucket is used.
setSha256Backend('native');

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
    // While NATS is known to be down a put would only wait for its timeout.
    if (natsLinkOf(this.nc)?.isDown())
      return Promise.reject(new ServiceError('SERVICE_UNAVAILABLE', INFRASTRUCTURE_UNAVAILABLE));
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
