import { Inject, Injectable } from '@nestjs/common';
import { conflict, invalid } from '@warmpath/server-kit';
import type { Redis } from 'ioredis';
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { REDIS } from '../../infra/redis.provider.js';

/** How long a key is remembered, per user. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
const KEY = /^[\x21-\x7E]{1,255}$/;
const POLL_MS = 50;

export const INVALID_IDEMPOTENCY_KEY = 'Idempotency-Key must be 1 to 255 visible ASCII characters.';
export const IDEMPOTENCY_KEY_REUSED =
  'This Idempotency-Key was already used with a different file. Send a new key for a new file.';
export const IDEMPOTENCY_KEY_REUSED_BULK =
  'This Idempotency-Key was already used with different files. Send a new key for a new upload.';
export const IDEMPOTENCY_KEY_BUSY =
  'An upload with this Idempotency-Key is still being recorded. Please try again in a moment.';

interface Entry {
  digest: string;
  /** The import (or the bulk import) the first request recorded. */
  importId: string;
  /** False while the first request is still recording its import. */
  recorded: boolean;
}

export type IdempotentClaim = { first: true } | { first: false; importId: string };

/** Deletes the key only if it still holds this request's claim. */
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`;

/**
 * `Idempotency-Key` of the upload routes (docs/api.md), in Redis so every gateway replica agrees:
 * the first request with a key claims it for its import (or bulk import); a retry with the same
 * bytes gets that import, with other bytes 409. A retry that arrives while the first is still recording waits for
 * it (concurrent duplicates answer the same import).
 */
@Injectable()
export class IdempotencyStore {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /** The key of a request, or undefined without the header; 400 when it is malformed. */
  static keyOf(header: string | string[] | undefined): string | undefined {
    if (header === undefined) return undefined;
    if (typeof header !== 'string' || !KEY.test(header)) throw invalid(INVALID_IDEMPOTENCY_KEY);
    return header;
  }

  async claim(
    userId: number,
    key: string,
    digest: string,
    importId: string,
    waitMs = 10_000,
    reusedMessage = IDEMPOTENCY_KEY_REUSED,
  ): Promise<IdempotentClaim> {
    const name = redisKey(userId, key);
    const mine = JSON.stringify({ digest, importId, recorded: false } satisfies Entry);
    const deadline = Date.now() + waitMs;
    for (;;) {
      if ((await this.redis.set(name, mine, 'EX', IDEMPOTENCY_TTL_SECONDS, 'NX')) === 'OK')
        return { first: true };
      const raw = await this.redis.get(name);
      if (raw) {
        const entry = JSON.parse(raw) as Entry;
        if (entry.digest !== digest) throw conflict(reusedMessage);
        if (entry.recorded) return { first: false, importId: entry.importId };
      }
      if (Date.now() >= deadline) throw conflict(IDEMPOTENCY_KEY_BUSY);
      await sleep(POLL_MS);
    }
  }

  /** The first request recorded its import: retries may now answer it. */
  async recorded(userId: number, key: string, digest: string, importId: string): Promise<void> {
    const entry: Entry = { digest, importId, recorded: true };
    await this.redis.set(redisKey(userId, key), JSON.stringify(entry), 'KEEPTTL');
  }

  /** The first request failed before recording an import: a retry starts afresh. */
  async release(userId: number, key: string, digest: string, importId: string): Promise<void> {
    const entry: Entry = { digest, importId, recorded: false };
    await this.redis.eval(RELEASE, 1, redisKey(userId, key), JSON.stringify(entry));
  }
}

/** Keys are hashed: what a client sends never sits in Redis in clear, and its length is bounded. */
const redisKey = (userId: number, key: string) =>
  `idempotency:${userId}:${createHash('sha256').update(key).digest('base64url')}`;
