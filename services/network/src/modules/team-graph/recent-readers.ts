import { Inject, Injectable } from '@nestjs/common';
import { REDIS } from '@warmpath/server-kit';
import type { Redis } from 'ioredis';

/** Readers who read a pooled network this recently get it rebuilt as soon as it changes. */
export const RECENT_READER_MS = 60 * 60 * 1000;
/** A replica writes one reader's mark to Redis at most this often (200 readers poll every few seconds). */
export const MARK_EVERY_MS = 60 * 1000;

/**
 * What was read: the base and patches every member shares (`split`, the web app), or a member's
 * per-viewer snapshot (`snapshot`, GET /api/teams/{id}/network, API clients).
 */
export type ReadKind = 'split' | 'snapshot';
const KINDS: readonly ReadKind[] = ['split', 'snapshot'];

/** Redis key (before REDIS_PREFIX): the workspace's recent readers of one kind, user id → ms. */
export const recentReadersKey = (kind: ReadKind, teamId: number) => `network:team-readers:${kind}:${teamId}`;

/**
 * Who read a workspace's pooled network lately (docs/workspace-network.md "Freshness: never stale,
 * rebuilt ahead of the next read"), kept in this replica and in Redis: an event reaches one
 * replica of the service (its queue group), which may not be the one that served the readers, and
 * still rebuilds ahead of their next read. Redis failing leaves this replica's own readers, as
 * before there was a shared record; nothing here ever fails a read or an event.
 */
@Injectable()
export class RecentReaders {
  /** kind:teamId → user id → when they last read here (ms). */
  private readonly local = new Map<string, Map<number, number>>();
  /** kind:teamId:userId → when this replica last wrote their mark to Redis (ms). */
  private readonly written = new Map<string, number>();

  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /** `userId` read the workspace now. */
  async mark(kind: ReadKind, teamId: number, userId: number, now = Date.now()): Promise<void> {
    const slot = `${kind}:${teamId}`;
    let readers = this.local.get(slot);
    if (!readers) this.local.set(slot, (readers = new Map()));
    readers.set(userId, now);
    const writeKey = `${slot}:${userId}`;
    const written = this.written.get(writeKey);
    if (written !== undefined && now - written < MARK_EVERY_MS) return;
    this.written.set(writeKey, now);
    const key = recentReadersKey(kind, teamId);
    await this.redis
      .multi()
      .hset(key, String(userId), String(now))
      .pexpire(key, RECENT_READER_MS)
      .exec()
      .catch(() => this.written.delete(writeKey));
  }

  /**
   * The workspace's readers of the last hour on any replica, the latest first: as Redis has them
   * (a reader another replica forgot is gone), else as this replica knows them.
   */
  async recent(kind: ReadKind, teamId: number, now = Date.now()): Promise<number[]> {
    const slot = `${kind}:${teamId}`;
    const here = this.local.get(slot) ?? new Map<number, number>();
    const stored = await this.redis.hgetall(recentReadersKey(kind, teamId)).catch(() => undefined);
    const readers = stored
      ? Object.entries(stored).map(([id, at]): [number, number] => [
          Number(id),
          Math.max(Number(at), here.get(Number(id)) ?? 0),
        ])
      : [...here];
    for (const [id, at] of here) if (now - at > RECENT_READER_MS) this.drop(kind, teamId, id);
    return readers
      .filter(([, at]) => now - at <= RECENT_READER_MS)
      .sort((a, b) => b[1] - a[1])
      .map(([id]) => id);
  }

  /** Forgets one reader (left, or no longer able to read), or every reader of the workspace. */
  async forget(teamId: number, userId?: number, kinds: readonly ReadKind[] = KINDS): Promise<void> {
    for (const kind of kinds) {
      const key = recentReadersKey(kind, teamId);
      if (userId === undefined) {
        for (const id of this.local.get(`${kind}:${teamId}`)?.keys() ?? []) this.drop(kind, teamId, id);
        this.local.delete(`${kind}:${teamId}`);
        await this.redis.del(key).catch(() => undefined);
      } else {
        this.drop(kind, teamId, userId);
        await this.redis.hdel(key, String(userId)).catch(() => undefined);
      }
    }
  }

  private drop(kind: ReadKind, teamId: number, userId: number): void {
    this.local.get(`${kind}:${teamId}`)?.delete(userId);
    this.written.delete(`${kind}:${teamId}:${userId}`);
  }
}
