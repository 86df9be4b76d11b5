import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_CONFIG } from '@warmpath/server-kit';
import type { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import type { GatewayConfig } from '../../config/gateway.config.js';
import { REDIS } from '../../infra/redis.provider.js';

export interface Session {
  id: string;
  userId: number;
  createdAt: number;
}

const key = (id: string) => `session:${id}`;
/** The ids of a user's sessions, so they can all be ended at once (password change). */
const userKey = (userId: number) => `user-sessions:${userId}`;
/** Session ids are 256 random bits in base64url; anything else is not worth a Redis round trip. */
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

/** Sessions in Redis: sliding idle lifetime, hard absolute lifetime; nothing stored for anonymous visitors. */
@Injectable()
export class SessionStore {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SERVICE_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async create(userId: number): Promise<Session> {
    const session: Session = { id: randomBytes(32).toString('base64url'), userId, createdAt: Date.now() };
    await this.redis
      .multi()
      .set(key(session.id), JSON.stringify(session), 'EX', this.config.SESSION_IDLE_SECONDS)
      .sadd(userKey(userId), session.id)
      // No session outlives its absolute lifetime, so neither need the index.
      .expire(userKey(userId), this.config.SESSION_ABSOLUTE_SECONDS)
      .exec();
    return session;
  }

  /**
   * Ends every session of the user except `keep` (password change: whoever knew the old password
   * is signed out everywhere else). Answers how many were ended.
   */
  async destroyOthers(userId: number, keep: string | undefined): Promise<number> {
    const ids = (await this.redis.smembers(userKey(userId))).filter((id) => id !== keep);
    if (!ids.length) return 0;
    const [[, ended]] = (await this.redis
      .multi()
      .del(...ids.map(key))
      .srem(userKey(userId), ...ids)
      .exec()) as [[null, number], unknown];
    return ended;
  }

  /**
   * Fails (503) unless a session could be written now: run before a step that must not happen
   * without one (registration creates an account, which a failed sign-in would leave behind).
   */
  async assertWritable(): Promise<void> {
    await this.redis.set('session-write-probe', '1', 'EX', 10);
  }

  /** Loads a live session and slides its idle expiry. */
  async touch(id: string | undefined): Promise<Session | null> {
    if (!id || !SESSION_ID.test(id)) return null;
    const raw = await this.redis.getex(key(id), 'EX', this.config.SESSION_IDLE_SECONDS);
    if (!raw) return null;
    const session = JSON.parse(raw) as Session;
    if (Date.now() - session.createdAt > this.config.SESSION_ABSOLUTE_SECONDS * 1000) {
      await this.destroy(id);
      return null;
    }
    return session;
  }

  async destroy(id: string | undefined): Promise<void> {
    if (!id || !SESSION_ID.test(id)) return;
    const raw = await this.redis.getdel(key(id));
    if (raw) await this.redis.srem(userKey((JSON.parse(raw) as Session).userId), id);
  }
}
