import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connect, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { sessionsContracts, type DurableSession, type RequestContract } from '@warmpath/contracts';
import { BusClient, createLogger } from '@warmpath/server-kit';
import { deleteRedisKeys } from '@warmpath/testing';
import { Redis } from 'ioredis';
import { randomBytes, randomInt } from 'node:crypto';
import type { GatewayConfig } from '../../src/config/gateway.config.js';
import {
  sessionIdHash,
  SESSIONS_UNAVAILABLE,
  SessionStore,
  type Session,
} from '../../src/modules/session/session.store.js';

/**
 * The session store against a real Redis and NATS, with no auth service answering on this run's
 * subjects: the durable copy cannot be reached, so nothing may be decided without it.
 */
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `it_${randomBytes(6).toString('hex')}`;
const config = { SESSION_IDLE_SECONDS: 3600, SESSION_ABSOLUTE_SECONDS: 86_400 } as GatewayConfig;

let redis: Redis;
let nc: NatsConnection;
let store: SessionStore;

beforeAll(async () => {
  redis = new Redis(REDIS_URL, { keyPrefix: `${prefix}:` });
  nc = await connect({ servers: NATS_URL, name: 'gateway-sessions-it' });
  const bus = new BusClient(nc, { service: 'gateway-it', natsUrl: NATS_URL, prefix, requestTimeoutMs: 2000 });
  store = new SessionStore(redis, config, bus, createLogger('gateway', 'silent'));
});

afterAll(async () => {
  await deleteRedisKeys(REDIS_URL, `${prefix}:`);
  redis?.disconnect();
  await nc?.close();
});

const unavailable = { code: 'SERVICE_UNAVAILABLE', message: SESSIONS_UNAVAILABLE };
const ourKeys = () => redis.keys(`${prefix}:*`);
/** A session as a sign-in left it in Redis while the auth service was up. */
async function signedIn(userId: number): Promise<Session> {
  const now = Date.now();
  const session = { id: randomBytes(32).toString('base64url'), userId, createdAt: now, seenAt: now };
  await redis.set(`session:${session.id}`, JSON.stringify(session), 'EX', 3600);
  await redis.sadd(`user-sessions:${userId}`, session.id);
  return session;
}

describe('sessions while the auth service cannot be reached', () => {
  it('refuses a sign-in with 503 and leaves no session in Redis', async () => {
    await expect(store.create(randomInt(1e9))).rejects.toMatchObject(unavailable);
    expect(await ourKeys()).toEqual([]);
  });

  it('answers 503, not "signed out", for a session Redis does not know', async () => {
    await expect(store.touch(randomBytes(32).toString('base64url'))).rejects.toMatchObject(unavailable);
  });

  it('still answers a session Redis knows, without the auth service', async () => {
    const session = await signedIn(randomInt(1e9));
    expect(await store.touch(session.id)).toEqual(session);
  });

  it('refuses a sign-out with 503 and keeps the session whole', async () => {
    const session = await signedIn(randomInt(1e9));
    await expect(store.destroy(session.id)).rejects.toMatchObject(unavailable);
    expect(await store.touch(session.id)).toEqual(session);
  });

  it('refuses to end the other sessions with 503 and keeps them', async () => {
    const userId = randomInt(1e9);
    const [kept, other] = [await signedIn(userId), await signedIn(userId)];
    await expect(store.destroyOthers(userId, kept.id)).rejects.toMatchObject(unavailable);
    expect(await store.touch(other.id)).toEqual(other);
  });
});

/**
 * The auth service's durable copy as the bus sees it, in memory (the auth service's own rules are
 * tested in services/auth): the store's side of the conversation is what is tested here.
 */
class DurableCopy {
  readonly sessions = new Map<string, DurableSession>();
  private readonly subscriptions: Subscription[] = [];

  constructor(
    private readonly connection: NatsConnection,
    private readonly subjectPrefix: string,
  ) {
    this.answer(sessionsContracts.recordSession, (r) => {
      const { idHash, userId, createdAt, expiresAt } = r as {
        idHash: string;
        userId: number;
        createdAt: string;
        expiresAt: string;
      };
      this.sessions.set(idHash, { userId, createdAt, expiresAt, lastSeenAt: createdAt });
      return { recorded: true };
    });
    this.answer(sessionsContracts.resolveSession, (r) => ({
      session: this.sessions.get((r as { idHash: string }).idHash) ?? null,
    }));
    this.answer(sessionsContracts.sessionSeen, () => ({ seen: true }));
    this.answer(sessionsContracts.revokeSession, (r) => ({
      revoked: this.sessions.delete((r as { idHash: string }).idHash),
    }));
    // Answered without ending them: what a request that read the copy just before still saw.
    this.answer(sessionsContracts.revokeOtherSessions, () => ({ revoked: 0 }));
  }

  private answer(contract: RequestContract, handle: (request: unknown) => unknown): void {
    this.subscriptions.push(
      this.connection.subscribe(`${this.subjectPrefix}.${contract.subject}`, {
        callback: (_error, msg) => {
          msg.respond(JSON.stringify({ ok: true, data: handle(JSON.parse(msg.string())) }));
        },
      }),
    );
  }

  close(): void {
    for (const subscription of this.subscriptions) subscription.unsubscribe();
  }
}

/** Waits (at most 5 s) for what the store sends without waiting for its answer. */
async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!condition() && Date.now() < deadline) await new Promise((done) => setTimeout(done, 50));
}

describe('sessions with the durable copy answering', () => {
  const ownPrefix = `it_${randomBytes(6).toString('hex')}`;
  let durable: DurableCopy;
  let ownRedis: Redis;
  let bus: BusClient;
  let withDurable: SessionStore;

  beforeAll(() => {
    durable = new DurableCopy(nc, ownPrefix);
    ownRedis = new Redis(REDIS_URL, { keyPrefix: `${ownPrefix}:` });
    bus = new BusClient(nc, {
      service: 'gateway-it',
      natsUrl: NATS_URL,
      prefix: ownPrefix,
      requestTimeoutMs: 2000,
    });
    withDurable = new SessionStore(ownRedis, config, bus, createLogger('gateway', 'silent'));
  });

  afterAll(async () => {
    durable?.close();
    await deleteRedisKeys(REDIS_URL, `${ownPrefix}:`);
    ownRedis?.disconnect();
  });

  it('a sign-in whose Redis write fails after the durable record leaves no session in either', async () => {
    // A Redis that refuses every command (never connected, no offline queue), as a full or gone one does.
    const refusing = new Redis(REDIS_URL, { lazyConnect: true, enableOfflineQueue: false });
    const store = new SessionStore(refusing, config, bus, createLogger('gateway', 'silent'));
    const before = durable.sessions.size;
    await expect(store.create(randomInt(1e9))).rejects.toThrow();
    // The durable record was written first, then withdrawn without waiting for the answer.
    await until(() => durable.sessions.size === before);
    expect(durable.sessions.size).toBe(before);
    refusing.disconnect();
  });

  it('a session Redis lost but whose durable copy is past the idle lifetime is signed out, and the copy revoked', async () => {
    const id = randomBytes(32).toString('base64url');
    const idHash = sessionIdHash(id);
    const longAgo = new Date(Date.now() - (config.SESSION_IDLE_SECONDS + 60) * 1000).toISOString();
    durable.sessions.set(idHash, {
      userId: randomInt(1e9),
      createdAt: longAgo,
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      lastSeenAt: longAgo,
    });
    expect(await withDurable.touch(id)).toBeNull();
    await until(() => !durable.sessions.has(idHash));
    expect(durable.sessions.has(idHash)).toBe(false);
    expect(await ownRedis.exists(`session:${id}`)).toBe(0);
  });

  it('a session Redis lost and the durable copy still holds within both lifetimes comes back', async () => {
    const session = await withDurable.create(randomInt(1e9));
    await ownRedis.del(`session:${session.id}`);
    expect(await withDurable.touch(session.id)).toMatchObject({ id: session.id, userId: session.userId });
  });

  it('sessions ended by a password change stay ended though a read of the durable copy came just before', async () => {
    const userId = randomInt(1e9);
    const kept = await withDurable.create(userId);
    const other = await withDurable.create(userId);
    // The durable copy still says live (a request read it before the revocation landed).
    expect(await withDurable.destroyOthers(userId, kept.id)).toBe(1);
    expect(durable.sessions.has(sessionIdHash(other.id))).toBe(true);
    expect(await withDurable.touch(other.id)).toBeNull();
    expect(await withDurable.touch(kept.id)).toMatchObject({ id: kept.id });
  });
});
