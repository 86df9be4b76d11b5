import { Inject, Injectable } from '@nestjs/common';
import {
  isPointerCurrent,
  NETWORK_GRAPH_TIMEOUT_MS,
  networkGenerationKey,
  networkGraphContracts,
  networkSnapshotPointerKey,
  networkSnapshotPointerSchema,
  type NetworkSnapshotPointer,
  type NetworkSnapshotRef,
  type SnapshotField,
} from '@warmpath/contracts';
import { BusClient, REDIS, ServiceError } from '@warmpath/server-kit';
import type { Redis } from 'ioredis';
import { SnapshotBytesCache } from './snapshot-bytes.cache.js';

/** Bytes of hot snapshots kept in this process: ~200 brotli'd 5,000-person networks. */
export const SNAPSHOT_CACHE_BYTES = 64 * 1024 * 1024;

/** Parsed pointers kept (one per user), so a hot user's pointer JSON is validated once; oldest out first. */
const MAX_POINTERS = 10_000;

export const SNAPSHOT_UNAVAILABLE = 'Your network is being prepared. Please try again in a moment.';

export interface SnapshotBody {
  ref: NetworkSnapshotRef;
  bytes: Buffer;
}

/**
 * Finds the caller's network snapshot and its bytes. The hot path is one Redis round trip: the
 * pointer the network service published and the user's generation, read together; only a pointer
 * that is not provably current (a write since, a new day, an own profile that may have changed:
 * isPointerCurrent) costs a request to the network service, which rebuilds and republishes.
 */
@Injectable()
export class NetworkSnapshotService {
  private readonly cache = new SnapshotBytesCache(SNAPSHOT_CACHE_BYTES);
  private readonly pointers = new Map<number, { raw: string; pointer: NetworkSnapshotPointer | null }>();
  /** Redis reads running, by cache key: readers of the same bytes at once share one. */
  private readonly reading = new Map<string, Promise<Buffer | null>>();

  constructor(
    private readonly bus: BusClient,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  /** Where the current snapshot is: the published pointer when current, else the network service's answer. */
  async current(userId: number, now = new Date()): Promise<NetworkSnapshotRef> {
    const published = await this.published(userId, now);
    return published ?? this.ref(userId);
  }

  /** Where the current snapshot is, asking the network service (which builds it first when needed). */
  ref(userId: number, recheck = false): Promise<NetworkSnapshotRef> {
    return this.bus.request(
      networkGraphContracts.getGraph,
      { userId, recheck },
      { timeoutMs: NETWORK_GRAPH_TIMEOUT_MS },
    );
  }

  /**
   * The snapshot's bytes in one stored representation and encoding. A snapshot replaced (or
   * expired) between the reference and the read is asked for once more; twice in a row means
   * Redis is losing data.
   */
  body(userId: number, first: NetworkSnapshotRef, field: SnapshotField): Promise<SnapshotBody> {
    return this.bodyOf(first, field, () => this.ref(userId, true));
  }

  /** The bytes of any snapshot (own or pooled) in one field; `recheck` asks its builder where it is now. */
  async bodyOf(
    first: NetworkSnapshotRef,
    field: SnapshotField,
    recheck: () => Promise<NetworkSnapshotRef>,
  ): Promise<SnapshotBody> {
    let ref = first;
    for (let attempt = 0; attempt < 2; attempt++) {
      const bytes = await this.bytes(ref, field);
      if (bytes) return { ref, bytes };
      ref = await recheck();
    }
    throw new ServiceError('SERVICE_UNAVAILABLE', SNAPSHOT_UNAVAILABLE);
  }

  /** The published pointer's snapshot if it is current; null when absent, not current, unreadable. */
  private async published(userId: number, now: Date): Promise<NetworkSnapshotRef | null> {
    let raw: string | null;
    let generation: string | null;
    try {
      [raw = null, generation = null] = await this.redis.mget(
        networkSnapshotPointerKey(userId),
        networkGenerationKey(userId),
      );
    } catch {
      return null; // The network service answers instead (503 when Redis is down for it too).
    }
    if (!raw) return null;
    const pointer = this.parse(userId, raw);
    return pointer && isPointerCurrent(pointer, generation, now) ? pointer.ref : null;
  }

  private parse(userId: number, raw: string): NetworkSnapshotPointer | null {
    const known = this.pointers.get(userId);
    if (known?.raw === raw) return known.pointer;
    let pointer: NetworkSnapshotPointer | null = null;
    try {
      const parsed = networkSnapshotPointerSchema.safeParse(JSON.parse(raw));
      pointer = parsed.success ? parsed.data : null;
    } catch {
      pointer = null; // Not JSON: ignored like a missing pointer.
    }
    this.pointers.delete(userId);
    this.pointers.set(userId, { raw, pointer });
    if (this.pointers.size > MAX_POINTERS) this.pointers.delete(this.pointers.keys().next().value as number);
    return pointer;
  }

  private bytes(ref: NetworkSnapshotRef, field: SnapshotField): Promise<Buffer | null> {
    return this.bytesAt(ref.key, field);
  }

  /**
   * One field of a stored hash whose content never changes under its key (snapshots, workspace
   * bases and patches: their keys carry fingerprints), from this process' byte cache or Redis.
   * Readers asking for the same bytes while they are read share that one read: when a workspace's
   * new version is stored, all its readers ask for its base at once, and 200 reads of a 10 MB
   * base kept Redis and this process busy for seconds (docs/performance.md "Readers and the
   * new version's base").
   */
  bytesAt(key: string, field: string): Promise<Buffer | null> {
    const cacheKey = `${key}|${field}`;
    const cached = this.cache.get(cacheKey);
    if (cached) return Promise.resolve(cached);
    let read = this.reading.get(cacheKey);
    if (!read) {
      read = this.redis
        .hgetBuffer(key, field)
        .then((bytes) => {
          if (bytes) this.cache.set(cacheKey, bytes);
          return bytes;
        })
        .finally(() => this.reading.delete(cacheKey));
      this.reading.set(cacheKey, read);
    }
    return read;
  }
}
