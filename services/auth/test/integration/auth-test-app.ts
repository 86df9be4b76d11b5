import 'reflect-metadata';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { authContracts, type User } from '@warmpath/contracts';
import { BusClient, createLogger, loadConfig, NATS_CONNECTION } from '@warmpath/server-kit';
import { createThrowawayDatabase } from '@warmpath/testing';
import { randomBytes } from 'node:crypto';
import { AppModule } from '../../src/app.module.js';
import { authConfigSchema } from '../../src/config/auth.config.js';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

/** The auth service booted on a throwaway database and its own NATS prefix, with a bus client to it. */
export interface AuthTestApp {
  app: NestFastifyApplication;
  bus: BusClient;
  databaseUrl: string;
  /** Registers a user with the fixed test password `secret-password`. */
  register(
    username: string,
    fields?: { firstName?: string; lastName?: string; email?: string },
  ): Promise<User>;
  close(): Promise<void>;
}

export async function startAuthForTest(name: string, env: Record<string, string> = {}): Promise<AuthTestApp> {
  const database = await createThrowawayDatabase();
  const prefix = `it_${randomBytes(6).toString('hex')}`;
  const config = loadConfig('auth', authConfigSchema, {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: database.url,
    NATS_URL,
    NATS_PREFIX: prefix,
    SCRYPT_LOG_N: '10',
    ...env,
  });
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config, createLogger('auth', 'silent')),
    new FastifyAdapter(),
    { logger: false },
  );
  await app.init();
  const nc: NatsConnection = await connect({ servers: NATS_URL, name });
  const bus = new BusClient(nc, { service: 'auth-it', natsUrl: NATS_URL, prefix, requestTimeoutMs: 10_000 });
  return {
    app,
    bus,
    databaseUrl: database.url,
    register: (username, fields = {}) =>
      bus.request(authContracts.register, {
        username,
        firstName: fields.firstName ?? 'Ana',
        lastName: fields.lastName ?? 'Silva',
        email: fields.email ?? `${username}@example.org`,
        password: 'secret-password',
        confirmPassword: 'secret-password',
      }),
    async close() {
      await nc.close();
      // server-kit leaves the service's own NATS connection open on shutdown; close it so jest can exit.
      const serviceNc = app.get<NatsConnection>(NATS_CONNECTION);
      await app.close();
      await serviceNc.close();
      await database.drop();
    },
  };
}
