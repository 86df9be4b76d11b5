import { Inject, Injectable } from '@nestjs/common';
import {
  networkGenerationKey,
  networkSnapshotPointerKey,
  type NetworkSnapshotPointer,
} from '@warmpath/contracts';
import { REDIS } from '@warmpath/server-kit';
import type { Redis } from 'ioredis';
import { redisUnavailable } from './snapshot.store.js';

/** A pointer outlives its validity only to be ignored; this keeps dead ones from piling up. */
const POINTER_TTL_SECONDS = 3600;

/**
 * Publishes the pointer only while the generation is still the one read before the build: a slow
 * build that a write overtook never replaces a newer pointer (readers would ignore it anyway).
 */
const PUBLISH_SCRIPT = `
if (redis.call('GET', KEYS[1]) or '0') ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[2], ARGV[2], 'EX', ARGV[3])
return 1`;

/**
 * The user's snapshot generation and the pointer to the current snapshot (see
 * networkSnapshotPointerSchema in libs/contracts): what lets the gateway serve GET /api/network
 * without asking this service every time.
 */
@Injectable()
export class SnapshotPointerStore {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /** The current generation ("0" before any write). Read it before the network version. */
  async generation(userId: number): Promise<string> {
    try {
      return (await this.redis.get(networkGenerationKey(userId))) ?? '0';
    } catch (error) {
      throw redisUnavailable(error);
    }
  }

  /**
   * Every writer of a user's network calls this after its commit and before it answers: from then
   * on, no pointer built from the older version is served.
   */
  async bump(userId: number): Promise<void> {
    try {
      await this.redis.incr(networkGenerationKey(userId));
    } catch (error) {
      throw redisUnavailable(error);
    }
  }

  /** Answers whether the pointer was published (false: a write bumped the generation meanwhile). */
  async publish(userId: number, pointer: NetworkSnapshotPointer): Promise<boolean> {
    try {
      const published = await this.redis.eval(
        PUBLISH_SCRIPT,
        2,
        networkGenerationKey(userId),
        networkSnapshotPointerKey(userId),
        pointer.generation,
        JSON.stringify(pointer),
        POINTER_TTL_SECONDS,
      );
      return published === 1;
    } catch (error) {
      throw redisUnavailable(error);
    }
  }
}
