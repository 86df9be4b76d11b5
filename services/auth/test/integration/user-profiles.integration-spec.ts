import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
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

let app: NestFastifyApplication;
let nc: NatsConnection;
let bus: BusClient;
let dropDatabase: () => Promise<void>;

beforeAll(async () => {
  const database = await createThrowawayDatabase();
  dropDatabase = database.drop;
  const prefix = `it_${randomBytes(6).toString('hex')}`;
  const config = loadConfig('auth', authConfigSchema, {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: database.url,
    NATS_URL,
    NATS_PREFIX: prefix,
    SCRYPT_LOG_N: '10',
  });
  app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config, createLogger('auth', 'silent')),
    new FastifyAdapter(),
    { logger: false },
  );
  await app.init();
  nc = await connect({ servers: NATS_URL, name: 'auth-profiles-it' });
  bus = new BusClient(nc, { service: 'auth-it', natsUrl: NATS_URL, prefix, requestTimeoutMs: 10_000 });
});

afterAll(async () => {
  await nc?.close();
  const serviceNc = app?.get<NatsConnection>(NATS_CONNECTION);
  await app?.close();
  await serviceNc?.close();
  await dropDatabase?.();
});

const register = (username: string, firstName: string): Promise<User> =>
  bus.request(authContracts.register, {
    username,
    firstName,
    lastName: 'Silva',
    email: `${username}@Example.org`,
    password: 'secret-password',
    confirmPassword: 'secret-password',
  });

describe('auth.user.profiles', () => {
  it('answers the names and e-mail of every known id and leaves unknown ids out', async () => {
    const ana = await register('ana', 'Ana');
    const bea = await register('bea', 'Bea');
    const profiles = await bus.request(authContracts.getProfiles, {
      userIds: [bea.id, 999_999, ana.id, bea.id],
    });
    expect(profiles).toEqual([
      {
        id: ana.id,
        username: 'ana',
        firstName: 'Ana',
        lastName: 'Silva',
        email: 'ana@Example.org',
        avatarUrl: null,
      },
      {
        id: bea.id,
        username: 'bea',
        firstName: 'Bea',
        lastName: 'Silva',
        email: 'bea@Example.org',
        avatarUrl: null,
      },
    ]);
  });

  it('answers an empty list for no ids', async () => {
    expect(await bus.request(authContracts.getProfiles, { userIds: [] })).toEqual([]);
  });
});
