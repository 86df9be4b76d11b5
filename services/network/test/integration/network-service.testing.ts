import 'reflect-metadata';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { WORKSPACE_NOT_FOUND, type SharingLevel } from '@warmpath/contracts';
import { BusClient, createLogger, loadConfig, NATS_CONNECTION } from '@warmpath/server-kit';
import { createThrowawayDatabase, deleteRedisKeys } from '@warmpath/testing';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AppModule } from '../../src/app.module.js';
import { networkConfigSchema, type NetworkConfig } from '../../src/config/network.config.js';

// The network service whole (its Nest application) on real Postgres, NATS and Redis, for the
// integration specs: a throwaway database, NATS subjects and Redis keys under a prefix of its own,
// and responders on the same NATS standing in for the teams and auth services
// (docs/developer-guide.md#add-a-nats-handler-service).

export const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Answers `subject` (under the run's prefix) with `{ ok: true, data }` or an error the answer returns. */
export type Respond = <Request = Record<string, number>>(
  subject: string,
  answer: (request: Request) => unknown,
) => void;

export interface NetworkServiceOptions {
  /** The test's NATS connection name (shows in NATS monitoring). */
  name: string;
  /** Subscribes the responders before the service starts. */
  responders?: (respond: Respond) => void;
  /** Configuration beyond the database, NATS and Redis (e.g. TEAM_POOL_LOCK_MS). */
  env?: Record<string, string>;
  /** How many instances on the same database, NATS and Redis (replicas); 1 by default. */
  replicas?: number;
  /** The bus client's wait for an answer; 15 s by default. */
  requestTimeoutMs?: number;
}

export interface NetworkServiceUnderTest {
  /** The configuration every instance runs with. */
  config: NetworkConfig;
  /** The first instance, and every instance (replicas) in boot order. */
  app: NestFastifyApplication;
  apps: NestFastifyApplication[];
  /** The first instance's database connection. */
  db: DataSource;
  /** The test's own client on the service's subjects. */
  bus: BusClient;
  /** Keys the service writes start with this (a Redis client of the test uses it as keyPrefix). */
  redisPrefix: string;
  /** Stops one instance (a replica that dies); close() skips it afterwards. */
  closeInstance(app: NestFastifyApplication): Promise<void>;
  /** Stops every instance, drops the database and deletes the run's Redis keys. */
  close(): Promise<void>;
}

/** Boots the service (one instance, or `replicas` one after the other: the first migrates). */
export async function startNetworkService(options: NetworkServiceOptions): Promise<NetworkServiceUnderTest> {
  const prefix = `it_${randomBytes(6).toString('hex')}`;
  const redisPrefix = `${prefix}:`;
  const database = await createThrowawayDatabase();
  const nc = await connect({ servers: NATS_URL, name: options.name });
  const respond: Respond = (subject, answer) => {
    nc.subscribe(`${prefix}.${subject}`, {
      callback: (_error, msg) => {
        msg.respond(JSON.stringify(answer(msg.json())));
      },
    });
  };
  options.responders?.(respond);
  await nc.flush();
  const config = loadConfig('network', networkConfigSchema, {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: database.url,
    NATS_URL,
    NATS_PREFIX: prefix,
    REDIS_URL,
    REDIS_PREFIX: redisPrefix,
    ...options.env,
  });
  const apps: NestFastifyApplication[] = [];
  for (let i = 0; i < (options.replicas ?? 1); i++) {
    const app = await NestFactory.create<NestFastifyApplication>(
      AppModule.forRoot(config, createLogger('network', 'silent')),
      new FastifyAdapter(),
      { logger: false },
    );
    await app.init();
    apps.push(app);
  }
  const app = apps[0] as NestFastifyApplication;
  const closed = new Set<NestFastifyApplication>();
  const closeInstance = async (instance: NestFastifyApplication) => {
    if (closed.has(instance)) return;
    closed.add(instance);
    const serviceNc = instance.get<NatsConnection>(NATS_CONNECTION);
    await instance.close();
    await serviceNc.close();
  };
  return {
    config,
    app,
    apps,
    db: app.get(DataSource),
    bus: new BusClient(nc, {
      service: 'network-it',
      natsUrl: NATS_URL,
      prefix,
      requestTimeoutMs: options.requestTimeoutMs ?? 15_000,
    }),
    redisPrefix,
    closeInstance,
    close: async () => {
      for (const instance of apps) await closeInstance(instance);
      await nc.close();
      await database.drop();
      // The snapshots and locks the service stored: nothing of this run stays in the shared Redis.
      await deleteRedisKeys(REDIS_URL, redisPrefix);
    },
  };
}

/**
 * The auth service for the accounts `userReply` makes (`accountOf` answers one): `auth.user.get`
 * one at a time and `auth.user.profiles` many at once, as the real one answers them.
 */
export function respondAccounts(
  respond: Respond,
  accountOf: (userId: number) => ReturnType<typeof userReply>,
): void {
  respond<{ userId: number }>('auth.user.get', ({ userId }) => accountOf(userId));
  respond<{ userIds: number[] }>('auth.user.profiles', ({ userIds }) => ({
    ok: true,
    data: [...new Set(userIds)]
      .sort((a, b) => a - b)
      .map((userId) => {
        const { id, username, firstName, lastName, email, avatarUrl, createdAt } = accountOf(userId).data;
        return { id, username, firstName, lastName, email, avatarUrl, createdAt };
      }),
  }));
}

/** The auth service's answer to `auth.user.get` for a member. */
export function userReply(userId: number, firstName: string, lastName: string, email?: string) {
  return {
    ok: true,
    data: {
      id: userId,
      username: `user${userId}`,
      firstName,
      lastName,
      email: email ?? `${firstName.toLowerCase()}${userId}@example.com`,
      avatarUrl: null,
      linkedinId: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      isAdmin: false,
      providers: [],
    },
  };
}

/**
 * The teams service's answer to `teams.membership.get`: the members and their sharing, or the
 * workspace's not-found for a non-member (as for a workspace that does not exist).
 */
export function membershipReply(
  members: ReadonlyMap<number, SharingLevel | readonly [SharingLevel, string]> | undefined,
  userId: number,
  teamId: number,
) {
  if (!members?.has(userId)) return { ok: false, error: { code: 'NOT_FOUND', message: WORKSPACE_NOT_FOUND } };
  const rows = [...members].map(([id, value]) => {
    const [sharing, joinedAt] = typeof value === 'string' ? [value, '2026-11-01T00:00:00.000Z'] : value;
    return { userId: id, role: 'member', joinedAt, sharing };
  });
  return { ok: true, data: { teamId, members: rows } };
}
