import { Inject, Injectable } from '@nestjs/common';
import {
  sessionsContracts,
  type DurableSession,
  type RequestContract,
  type RequestOf,
} from '@warmpath/contracts';
import { BusClient, LOGGER, SERVICE_CONFIG, ServiceError } from '@warmpath/server-kit';
import type { Redis } from 'ioredis';
import { createHash, randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { GatewayConfig } from '../../config/gateway.config.js';
import { REDIS } from '../../infra/redis.provider.js';

export interface Session {
  id: string;
  userId: number;
  createdAt: number;
  /** When the durable copy's last sighting was last moved forward (absent on sessions older than it). */
  seenAt?: number;
}

export const SESSIONS_UNAVAILABLE = 'Your session cannot be checked right now. Please try again in a moment.';

const key = (id: string) => `session:${id}`;
/** The ids of a user's sessions, so they can all be ended at once (password change). */
const userKey = (userId: number) => `user-sessions:${userId}`;
/** Left for a minute by a sign-out, so a request that read the durable copy just before cannot restore it. */
const endedKey = (id: string) => `session-ended:${id}`;
const ENDED_SECONDS = 60;
/** Session ids are 256 random bits in base64url; anything else is not worth a Redis round trip. */
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;
/** The durable copy's last sighting is moved at most this often per session: the hot path stays in Redis. */
const SEEN_RESOLUTION_MS = 3_600_000;

/** Sets the restored session unless a sign-out left its mark or it is there already. */
const RESTORE = `if redis.call('EXISTS', KEYS[2]) == 1 then return 0 end
return redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2], 'NX') and 1 or 0`;

/** The SHA-256 (hex) of a session id: the only form in which it leaves the gateway. */
export const sessionIdHash = (id: string): string => createHash('sha256').update(id).digest('hex');

/** A bus timeout is as unknown as no answer: 503, never a 504 or a 401 for a session we cannot check. */
function unavailable(error: unknown): unknown {
  const infrastructure = ['SERVICE_UNAVAILABLE', 'SERVICE_TIMEOUT'];
  if (error instanceof ServiceError && !infrastructure.includes(error.code)) return error;
  return new ServiceError('SERVICE_UNAVAILABLE', SESSIONS_UNAVAILABLE);
}

/**
 * Sessions in Redis (the hot path), with a durable copy in the auth service
 * (docs/security.md#sessions): sliding idle lifetime, hard absolute lifetime; nothing stored for
 * anonymous visitors. A session Redis does not know (Redis came back empty) is looked up in the
 * durable copy and, while within both lifetimes, restored into Redis.
 */
@Injectable()
export class SessionStore {
  private readonly seenResolutionMs: number;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SERVICE_CONFIG) private readonly config: GatewayConfig,
    private readonly bus: BusClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.seenResolutionMs = Math.min(SEEN_RESOLUTION_MS, (config.SESSION_IDLE_SECONDS * 1000) / 4);
  }

  /** The durable copy first: when it cannot be written the sign-in is a 503 and Redis holds nothing. */
  async create(userId: number): Promise<Session> {
    const now = Date.now();
    const session: Session = {
      id: randomBytes(32).toString('base64url'),
      userId,
      createdAt: now,
      seenAt: now,
    };
    await this.bus
      .request(sessionsContracts.recordSession, {
        idHash: sessionIdHash(session.id),
        userId,
        createdAt: new Date(now).toISOString(),
        expiresAt: new Date(now + this.config.SESSION_ABSOLUTE_SECONDS * 1000).toISOString(),
      })
      .catch((error: unknown) => {
        throw unavailable(error);
      });
    try {
      await this.remember(session);
    } catch (error) {
      this.quietly(sessionsContracts.revokeSession, { idHash: sessionIdHash(session.id) });
      throw error;
    }
    return session;
  }

  /**
   * Ends every session of the user except `keep` (password change: whoever knew the old password
   * is signed out everywhere else), in the durable copy and in Redis. Answers how many Redis held.
   */
  async destroyOthers(userId: number, keep: string | undefined): Promise<number> {
    const keepHash = keep && SESSION_ID.test(keep) ? sessionIdHash(keep) : null;
    await this.bus
      .request(sessionsContracts.revokeOtherSessions, { userId, keepHash })
      .catch((error: unknown) => {
        throw unavailable(error);
      });
    const ids = (await this.redis.smembers(userKey(userId))).filter((id) => id !== keep);
    if (!ids.length) return 0;
    // Marked as a sign-out marks its session: a request that read the durable copy just before
    // the revocation cannot restore one of them.
    const marks = this.redis.multi();
    for (const id of ids) marks.set(endedKey(id), '1', 'EX', ENDED_SECONDS);
    const answers = (await marks
      .del(...ids.map(key))
      .srem(userKey(userId), ...ids)
      .exec()) as Array<[null, number]>;
    const [, deleted] = answers[ids.length]; // after the marks: the DEL's count
    return deleted;
  }

  /**
   * Fails (503) unless a session could be written now: run before a step that must not happen
   * without one (registration creates an account, which a failed sign-in would leave behind).
   */
  async assertWritable(): Promise<void> {
    await this.redis.set('session-write-probe', '1', 'EX', 10);
  }

  /**
   * Loads a live session and slides its idle expiry. On a Redis miss the durable copy decides:
   * restored when within both lifetimes, null when unknown, ended or expired, 503 when the auth
   * service cannot answer (we cannot tell).
   */
  async touch(id: string | undefined): Promise<Session | null> {
    if (!id || !SESSION_ID.test(id)) return null;
    const raw = await this.redis.getex(key(id), 'EX', this.config.SESSION_IDLE_SECONDS);
    if (!raw) return this.restore(id);
    const session = JSON.parse(raw) as Session;
    const now = Date.now();
    if (now - session.createdAt > this.config.SESSION_ABSOLUTE_SECONDS * 1000) {
      await this.destroy(id);
      return null;
    }
    if (session.seenAt === undefined || now - session.seenAt > this.seenResolutionMs)
      await this.markSeen(session, now);
    return session;
  }

  /** Ends the session for good: the durable copy first, so a failure leaves it whole (503, sign out again). */
  async destroy(id: string | undefined): Promise<void> {
    if (!id || !SESSION_ID.test(id)) return;
    await this.bus
      .request(sessionsContracts.revokeSession, { idHash: sessionIdHash(id) })
      .catch((error: unknown) => {
        throw unavailable(error);
      });
    const [, [, raw]] = (await this.redis
      .multi()
      .set(endedKey(id), '1', 'EX', ENDED_SECONDS)
      .getdel(key(id))
      .exec()) as [unknown, [null, string | null]];
    if (raw) await this.redis.srem(userKey((JSON.parse(raw) as Session).userId), id);
  }

  private async restore(id: string): Promise<Session | null> {
    const idHash = sessionIdHash(id);
    let durable: DurableSession | null;
    try {
      ({ session: durable } = await this.bus.request(sessionsContracts.resolveSession, { idHash }));
    } catch (error) {
      throw unavailable(error);
    }
    if (!durable) return null;
    const now = Date.now();
    const createdAt = Date.parse(durable.createdAt);
    const idleFor = now - Date.parse(durable.lastSeenAt);
    if (
      now - createdAt > this.config.SESSION_ABSOLUTE_SECONDS * 1000 ||
      idleFor > this.config.SESSION_IDLE_SECONDS * 1000
    ) {
      this.quietly(sessionsContracts.revokeSession, { idHash });
      return null;
    }
    const session: Session = { id, userId: durable.userId, createdAt, seenAt: now };
    const restored = await this.redis.eval(
      RESTORE,
      2,
      key(id),
      endedKey(id),
      JSON.stringify(session),
      this.config.SESSION_IDLE_SECONDS,
    );
    if (restored === 1) {
      await this.redis
        .multi()
        .sadd(userKey(session.userId), id)
        .expire(userKey(session.userId), this.config.SESSION_ABSOLUTE_SECONDS)
        .exec();
      this.logger.info({ userId: session.userId }, 'session restored from its durable copy');
    } else if (await this.redis.exists(endedKey(id))) {
      return null;
    }
    this.quietly(sessionsContracts.sessionSeen, { idHash, at: new Date(now).toISOString() });
    return session;
  }

  /**
   * Moves the durable copy's last sighting forward without waiting for it (at most once per
   * resolution); a session from before the durable copy existed is recorded instead.
   */
  private async markSeen(session: Session, now: number): Promise<void> {
    const idHash = sessionIdHash(session.id);
    if (session.seenAt === undefined)
      this.quietly(sessionsContracts.recordSession, {
        idHash,
        userId: session.userId,
        createdAt: new Date(session.createdAt).toISOString(),
        expiresAt: new Date(session.createdAt + this.config.SESSION_ABSOLUTE_SECONDS * 1000).toISOString(),
      });
    else this.quietly(sessionsContracts.sessionSeen, { idHash, at: new Date(now).toISOString() });
    // XX: never brings back a session a concurrent sign-out just removed. A Redis that is full
    // refuses the write: the request goes on, and the next one tries again.
    await this.redis
      .set(
        key(session.id),
        JSON.stringify({ ...session, seenAt: now }),
        'EX',
        this.config.SESSION_IDLE_SECONDS,
        'XX',
      )
      .catch((error: unknown) => this.logger.warn({ err: error }, 'session sighting not kept in Redis'));
  }

  /** Sends a best-effort request to the auth service; a failure is logged, not answered. */
  private quietly<C extends RequestContract>(contract: C, request: RequestOf<C>): void {
    this.bus.request(contract, request).catch((error: unknown) => {
      this.logger.warn({ err: error, subject: contract.subject }, 'durable session update failed');
    });
  }

  private async remember(session: Session): Promise<void> {
    await this.redis
      .multi()
      .set(key(session.id), JSON.stringify(session), 'EX', this.config.SESSION_IDLE_SECONDS)
      .sadd(userKey(session.userId), session.id)
      // No session outlives its absolute lifetime, so neither need the index.
      .expire(userKey(session.userId), this.config.SESSION_ABSOLUTE_SECONDS)
      .exec();
  }
}
