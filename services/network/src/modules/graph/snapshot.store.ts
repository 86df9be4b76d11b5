import { Inject, Injectable } from '@nestjs/common';
import { networkSnapshotRefSchema, type NetworkSnapshotRef } from '@warmpath/contracts';
import { REDIS, ServiceError } from '@warmpath/server-kit';
import type { Redis } from 'ioredis';
import type { RepresentationBlobs, SnapshotBlobs } from './snapshot-representations.js';

/** Snapshots outlive a day (the fingerprint changes daily anyway) and then expire on their own. */
export const SNAPSHOT_TTL_SECONDS = 26 * 3600;
/** A replaced snapshot stays readable this long, for a gateway that was just told its key. */
export const REPLACED_SNAPSHOT_TTL_SECONDS = 60;

export const SNAPSHOTS_UNAVAILABLE =
  'Your network cannot be loaded right now: its snapshot store is unavailable. Please try again in a moment.';

/**
 * A Redis failure (down, unreachable, refusing writes) is a temporary outage of this service's
 * snapshots: 503 for the caller, not an internal error. The Redis error stays on `cause`, never
 * in the answer.
 */
export function redisUnavailable(cause: unknown): ServiceError {
  if (cause instanceof ServiceError) return cause;
  const error = new ServiceError('SERVICE_UNAVAILABLE', SNAPSHOTS_UNAVAILABLE);
  error.cause = cause;
  return error;
}

const META_FIELD = 'meta';
const currentKey = (userId: number) => `network:snapshot-current:${userId}`;

/**
 * Adds fields to a snapshot's hash only while it exists (its meta names it): a hash that expired
 * or was replaced meanwhile is not recreated with some of its fields and no TTL. HSET keeps the
 * hash's TTL, so a replaced snapshot still expires within a minute.
 */
const ADD_FIELDS_SCRIPT = `
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], unpack(ARGV))
return 1`;

export type { RepresentationBlobs, SnapshotBlobs };

/** Redis I/O of snapshots: one hash per snapshot (representations × encodings + meta), written atomically. */
@Injectable()
export class SnapshotStore {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async readRef(key: string): Promise<NetworkSnapshotRef | null> {
    const raw = await this.redis.hget(key, META_FIELD).catch((error: unknown) => {
      throw redisUnavailable(error);
    });
    if (!raw) return null;
    const parsed = networkSnapshotRefSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  }

  /** Stores a snapshot and lets the user's previous one expire shortly. */
  save(userId: number, ref: NetworkSnapshotRef, blobs: SnapshotBlobs): Promise<void> {
    return this.saveAs(currentKey(userId), ref, blobs);
  }

  /**
   * Stores a snapshot and lets the one `current` named before expire shortly (pooled snapshots,
   * which may hold the compact representation only: `ref.bytes` null).
   */
  async saveAs(current: string, ref: NetworkSnapshotRef, blobs: RepresentationBlobs): Promise<void> {
    try {
      await this.write(current, ref, blobs);
    } catch (error) {
      throw redisUnavailable(error);
    }
  }

  /**
   * Adds a representation to a stored snapshot and replaces its meta with `ref` (which says so),
   * atomically. Answers false when the snapshot is gone from Redis (nothing written then).
   */
  async addFields(key: string, ref: NetworkSnapshotRef, blobs: RepresentationBlobs): Promise<boolean> {
    const fields = Object.entries(blobs).flat();
    try {
      const added = await this.redis.eval(
        ADD_FIELDS_SCRIPT,
        1,
        key,
        META_FIELD,
        JSON.stringify(ref),
        ...fields,
      );
      return added === 1;
    } catch (error) {
      throw redisUnavailable(error);
    }
  }

  /** Drops snapshots at once (a deleted workspace's); Redis failures are the caller's to report. */
  async remove(keys: readonly string[]): Promise<void> {
    if (keys.length > 0) await this.redis.del(...keys);
  }

  private async write(current: string, ref: NetworkSnapshotRef, blobs: RepresentationBlobs): Promise<void> {
    const previous = await this.redis.get(current);
    const write = this.redis
      .multi()
      .hset(ref.key, { ...blobs, [META_FIELD]: JSON.stringify(ref) })
      .expire(ref.key, SNAPSHOT_TTL_SECONDS)
      .set(current, ref.key, 'EX', SNAPSHOT_TTL_SECONDS);
    if (previous && previous !== ref.key) write.expire(previous, REPLACED_SNAPSHOT_TTL_SECONDS);
    const results = await write.exec();
    const failure = results?.find(([error]) => error);
    if (!results || failure) throw failure?.[0] ?? new Error('Redis transaction aborted');
  }
}
