import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { BusClient, createLogger } from '@warmpath/server-kit';
import { Redis } from 'ioredis';
import { randomBytes, randomInt } from 'node:crypto';
import type { GatewayConfig } from '../../src/config/gateway.config.js';
import { SESSIONS_UNAVAILABLE, SessionStore, type Session } from '../../src/modules/session/session.store.js';

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
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys.map((k) => k.slice(prefix.length + 1)));
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
