import { Inject, Injectable, Optional } from '@nestjs/common';
import { REDIS, SERVICE_CONFIG } from '@warmpath/server-kit';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEFAULT_TEAM_POOL_LOCK_MS, type NetworkConfig } from '../../config/network.config.js';
import { workspacePoolLockWaits } from './pool-metrics.js';

/** Redis key (before REDIS_PREFIX) of the lock on building one workspace version (`<teamId>:<fingerprint>`). */
export const buildLockKey = (key: string) => `network:team-pool-lock:${key}`;

/** How often a replica waiting for another's build looks again. */
const POLL_MS = 100;

/** Deletes a lock only while it still carries the token of the replica that took it. */
const RELEASE_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/** Gives the lock its whole time again, only while it still carries the token of the replica that took it. */
const EXTEND_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0`;

/** A lock this replica holds on building one workspace version; release it once built. */
export interface BuildLock {
  release(): Promise<void>;
  /**
   * Gives the lock its whole time again (a build that goes on in the background renews it while it
   * runs, so a live builder keeps it and a dead one lets it run out); false when it is no longer
   * this replica's (ran out and taken by another) or Redis failed.
   */
  extend(): Promise<boolean>;
}

/**
 * One replica at a time builds a workspace version (docs/workspace-network.md#one-build-at-a-time-across-replicas):
 * the others wait for its lock to be released before building their own, for the lock's time at
 * most (a replica that died holding it blocks nobody longer). Every Redis failure is answered as
 * "build now, without the lock": pooling never depends on Redis.
 */
@Injectable()
export class BuildLocks {
  readonly lockMs: number;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Optional() @Inject(SERVICE_CONFIG) config?: Pick<NetworkConfig, 'TEAM_POOL_LOCK_MS'>,
  ) {
    this.lockMs = config?.TEAM_POOL_LOCK_MS ?? DEFAULT_TEAM_POOL_LOCK_MS;
  }

  /**
   * The lock on building `key` (`<teamId>:<workspace fingerprint>`), taken at once or once the
   * replica holding it releases it; null when Redis failed, the wait ran out or there is no lock
   * (TEAM_POOL_LOCK_MS 0): build anyway.
   */
  async claim(key: string): Promise<BuildLock | null> {
    if (this.lockMs === 0) return null;
    const started = Date.now();
    const deadline = started + this.lockMs;
    let waited = false;
    const waitEnded = (outcome: string) => {
      if (waited) workspacePoolLockWaits.observe({ outcome }, (Date.now() - started) / 1000);
    };
    for (;;) {
      const lock = await this.take(key);
      if (lock !== 'taken') {
        waitEnded(lock ? 'acquired' : 'redis_down');
        return lock;
      }
      if (Date.now() >= deadline) {
        waitEnded('timed_out');
        return null;
      }
      waited = true;
      await sleep(POLL_MS);
    }
  }

  /**
   * The lock on building `key` if it is free now, without waiting: 'taken' when another holds it;
   * null when Redis failed or there is no lock (TEAM_POOL_LOCK_MS 0): build anyway.
   */
  attempt(key: string): Promise<BuildLock | 'taken' | null> {
    return this.lockMs === 0 ? Promise.resolve(null) : this.take(key);
  }

  /** The lock, 'taken' by another replica, or null when Redis failed. */
  private async take(key: string): Promise<BuildLock | 'taken' | null> {
    const token = randomUUID();
    const lockKey = buildLockKey(key);
    try {
      const set = await this.redis.set(lockKey, token, 'PX', this.lockMs, 'NX');
      if (set !== 'OK') return 'taken';
    } catch {
      return null;
    }
    return {
      release: async () => {
        await this.redis.eval(RELEASE_SCRIPT, 1, lockKey, token).catch(() => undefined);
      },
      extend: async () =>
        (await this.redis.eval(EXTEND_SCRIPT, 1, lockKey, token, this.lockMs).catch(() => 0)) === 1,
    };
  }
}
