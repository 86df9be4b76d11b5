import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { BusClient, connectNats, createLogger, loadConfig, NATS_CONNECTION } from '@warmpath/server-kit';
import type { NatsConnection } from '@nats-io/transport-node';
import { randomUUID } from 'node:crypto';
import { AppModule } from '../../../src/app.module.js';
import { aiConfigSchema } from '../../../src/config/ai.config.js';

export interface RunningAi {
  /** A caller on its own NATS connection, like the gateway. */
  bus: BusClient;
  /** That caller's raw connection, for messages the typed client would refuse to send. */
  nc: NatsConnection;
  prefix: string;
  close(): Promise<void>;
}

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

/** Boots the ai AppModule in-process against real NATS, under a prefix no other run uses. */
export async function bootAi(env: Record<string, string>): Promise<RunningAi> {
  const prefix = `ai-test-${randomUUID().slice(0, 8)}`;
  const config = loadConfig('ai', aiConfigSchema, {
    NATS_URL,
    NATS_PREFIX: prefix,
    LOG_LEVEL: 'silent',
    ...env,
  });
  const logger = createLogger('ai', config.LOG_LEVEL);
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config, logger),
    new FastifyAdapter(),
    {
      logger: false,
    },
  );
  await app.init();
  // The subscriptions must have reached the server before the first request.
  const serviceNc = app.get<NatsConnection>(NATS_CONNECTION);
  await serviceNc.flush();
  const nc = await connectNats(NATS_URL, 'ai-test-caller', logger);
  const bus = new BusClient(nc, {
    service: 'ai-test-caller',
    natsUrl: NATS_URL,
    prefix,
    requestTimeoutMs: 10_000,
  });
  return {
    bus,
    nc,
    prefix,
    close: async () => {
      await nc.close();
      // server-kit drains the service's own connection on shutdown.
      await app.close();
    },
  };
}
