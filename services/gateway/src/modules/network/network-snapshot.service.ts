import { Inject, Injectable } from '@nestjs/common';
import {
  NETWORK_GRAPH_TIMEOUT_MS,
  networkGraphContracts,
  SNAPSHOT_FIELDS,
  type NetworkSnapshotRef,
  type SnapshotEncoding,
} from '@warmpath/contracts';
import { BusClient, ServiceError } from '@warmpath/server-kit';
import type { Redis } from 'ioredis';
import { REDIS } from '../../infra/redis.provider.js';
import { SnapshotBytesCache } from './snapshot-bytes.cache.js';

/** Bytes of hot snapshots kept in this process: ~200 brotli'd 5,000-person networks. */
export const SNAPSHOT_CACHE_BYTES = 64 * 1024 * 1024;

export const SNAPSHOT_UNAVAILABLE = 'Your network is being prepared. Please try again in a moment.';

export interface SnapshotBody {
  ref: NetworkSnapshotRef;
  bytes: Buffer;
}

/** Finds the caller's network snapshot through the network service and reads its bytes from Redis. */
@Injectable()
export class NetworkSnapshotService {
  private readonly cache = new SnapshotBytesCache(SNAPSHOT_CACHE_BYTES);

  constructor(
    private readonly bus: BusClient,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  /** Where the current snapshot is; the network service builds it first when needed. */
  ref(userId: number, recheck = false): Promise<NetworkSnapshotRef> {
    return this.bus.request(networkGraphContracts.getGraph, { userId, recheck }, { timeoutMs: NETWORK_GRAPH_TIMEOUT_MS });
  }

  /**
   * The snapshot's bytes in one stored encoding. A snapshot replaced (or expired) between the
   * reference and the read is asked for once more; twice in a row means Redis is losing data.
   */
  async body(userId: number, first: NetworkSnapshotRef, encoding: SnapshotEncoding): Promise<SnapshotBody> {
    let ref = first;
    for (let attempt = 0; attempt < 2; attempt++) {
      const bytes = await this.bytes(ref, encoding);
      if (bytes) return { ref, bytes };
      ref = await this.ref(userId, true);
    }
    throw new ServiceError('SERVICE_UNAVAILABLE', SNAPSHOT_UNAVAILABLE);
  }

  private async bytes(ref: NetworkSnapshotRef, encoding: SnapshotEncoding): Promise<Buffer | null> {
    const cacheKey = `${ref.key}|${encoding}`;
    const cached = this.cache.get(cacheKey);
    if (cached) return cached;
    const bytes = await this.redis.hgetBuffer(ref.key, SNAPSHOT_FIELDS[encoding]);
    if (bytes) this.cache.set(cacheKey, bytes);
    return bytes;
  }
}
