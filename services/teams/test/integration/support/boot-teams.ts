import 'reflect-metadata';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { authContracts, type UserProfile } from '@warmpath/contracts';
import { BusClient, createLogger, loadConfig, NATS_CONNECTION, ServiceError } from '@warmpath/server-kit';
import { createThrowawayDatabase, deleteRedisKeys } from '@warmpath/testing';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { AppModule } from '../../../src/app.module.js';
import { teamsConfigSchema, type TeamsConfig } from '../../../src/config/teams.config.js';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface ReceivedEvent {
  subject: string;
  payload: Record<string, unknown>;
}

export interface RunningTeams {
  /** A caller on its own NATS connection, like the gateway. */
  bus: BusClient;
  /** Accounts the stand-in auth service knows (auth.user.profiles). */
  addUser(fields: Partial<UserProfile> & { username: string }): UserProfile;
  /** Every teams.* event published since boot, in order. */
  events: ReceivedEvent[];
  /** The first event of `subject` about workspace `teamId` (and user `userId`), waiting for it if it has not come yet. */
  eventOf(subject: string, teamId: number, userId?: number): Promise<ReceivedEvent>;
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Stands in for another service: answers `subject` (without the run's prefix) with `reply`. */
  respond(subject: string, reply: (request: Record<string, unknown>) => unknown): void;
  /** The running service (replaced by `restart`). */
  readonly app: NestFastifyApplication;
  /** Stops the service and starts it again on the same database, Redis and NATS prefixes. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Boots the teams AppModule in-process on real Postgres (a throwaway database), Redis (its own
 * prefix) and NATS (its own prefix). The auth service is stood in for by a responder of
 * auth.user.profiles on the same NATS, answering from `addUser`.
 */
export async function bootTeams(env: Record<string, string> = {}): Promise<RunningTeams> {
  const database = await createThrowawayDatabase();
  const runId = randomBytes(6).toString('hex');
  const prefix = `teams_it_${runId}`;
  const redisPrefix = `teams-it-${runId}:`;
  const nc = await connect({ servers: NATS_URL, name: 'teams-it' });
  const profiles = new Map<number, UserProfile>();
  serveProfiles(nc, prefix, profiles);
  const events: ReceivedEvent[] = [];
  const waiters = new Set<(event: ReceivedEvent) => void>();
  const eventSub = nc.subscribe(`${prefix}.teams.>`);
  void (async () => {
    for await (const msg of eventSub) {
      const event = {
        subject: msg.subject.slice(prefix.length + 1),
        payload: msg.json<Record<string, unknown>>(),
      };
      events.push(event);
      for (const waiter of waiters) waiter(event);
    }
  })();
  const eventOf = (subject: string, teamId: number, userId?: number) => {
    const matches = (e: ReceivedEvent) =>
      e.subject === subject &&
      e.payload.teamId === teamId &&
      (userId === undefined || e.payload.userId === userId);
    const seen = events.find(matches);
    if (seen) return Promise.resolve(seen);
    return new Promise<ReceivedEvent>((resolve) => {
      const waiter = (event: ReceivedEvent) => {
        if (!matches(event)) return;
        waiters.delete(waiter);
        resolve(event);
      };
      waiters.add(waiter);
    });
  };
  await nc.flush();
  const config = loadConfig('teams', teamsConfigSchema, {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: database.url,
    NATS_URL,
    NATS_PREFIX: prefix,
    REDIS_URL,
    REDIS_PREFIX: redisPrefix,
    ...env,
  });
  let app = await startApp(config);
  const bus = new BusClient(nc, { service: 'teams-it', natsUrl: NATS_URL, prefix, requestTimeoutMs: 10_000 });
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  let nextId = 1;
  const stopApp = async () => {
    const serviceNc = app.get<NatsConnection>(NATS_CONNECTION);
    await app.close();
    await serviceNc.close();
  };
  return {
    bus,
    events,
    eventOf,
    get app() {
      return app;
    },
    restart: async () => {
      await stopApp();
      app = await startApp(config);
    },
    addUser(fields) {
      const profile: UserProfile = {
        id: nextId++,
        firstName: 'Ana',
        lastName: 'Silva',
        email: `${fields.username}@example.org`,
        avatarUrl: null,
        createdAt: '2026-01-01T00:00:00.000Z',
        ...fields,
      };
      profiles.set(profile.id, profile);
      return profile;
    },
    query: async <T>(sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows as T[],
    respond(subject, reply) {
      const sub = nc.subscribe(`${prefix}.${subject}`);
      void (async () => {
        for await (const msg of sub) {
          try {
            msg.respond(JSON.stringify({ ok: true, data: reply(msg.json()) }));
          } catch (error) {
            const body =
              error instanceof ServiceError ? error.toBody() : { code: 'INTERNAL', message: String(error) };
            msg.respond(JSON.stringify({ ok: false, error: body }));
          }
        }
      })();
    },
    close: async () => {
      await stopApp();
      eventSub.unsubscribe();
      await nc.close();
      await pool.end();
      await database.drop();
      // Keys of the service's own connection and BullMQ's (the prefix without its colon).
      await deleteRedisKeys(REDIS_URL, config.REDIS_PREFIX.replace(/:+$/, ''));
    },
  };
}

async function startApp(config: TeamsConfig): Promise<NestFastifyApplication> {
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config, createLogger('teams', 'silent')),
    new FastifyAdapter(),
    { logger: false },
  );
  await app.init();
  // The subscriptions must have reached the server before the first request.
  await app.get<NatsConnection>(NATS_CONNECTION).flush();
  return app;
}

function serveProfiles(nc: NatsConnection, prefix: string, profiles: Map<number, UserProfile>): void {
  const sub = nc.subscribe(`${prefix}.${authContracts.getProfiles.subject}`);
  void (async () => {
    for await (const msg of sub) {
      const { userIds } = authContracts.getProfiles.request.parse(msg.json());
      const data = userIds.flatMap((id) => profiles.get(id) ?? []);
      msg.respond(JSON.stringify({ ok: true, data }));
    }
  })();
}

/** The ServiceError a call failed with (a test fails if it succeeded). */
export async function failureOf(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ServiceError)) throw new Error(`expected a ServiceError, got ${String(error)}`);
  return error;
}
