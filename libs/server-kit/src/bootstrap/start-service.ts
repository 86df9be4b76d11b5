import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { DynamicModule } from '@nestjs/common';
import type { Logger } from 'pino';
import { PinoNestLogger } from '../logging/logger.js';

export interface StartServiceOptions {
  module: DynamicModule;
  logger: Logger;
  port: number;
  host: string;
}

/** Boots a backend service: its NATS handlers plus an HTTP port for health and metrics. */
export async function startService(options: StartServiceOptions): Promise<NestFastifyApplication> {
  const app = await NestFactory.create<NestFastifyApplication>(options.module, new FastifyAdapter(), {
    logger: new PinoNestLogger(options.logger),
  });
  app.enableShutdownHooks();
  await app.listen(options.port, options.host);
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  options.logger.info({ port }, 'service ready');
  return app;
}
