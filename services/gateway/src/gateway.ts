import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { PinoNestLogger } from '@warmpath/server-kit';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import { AppModule } from './app.module.js';
import type { GatewayConfig } from './config/gateway.config.js';
import { answerClientError } from './http/client-error.js';
import { RETRY_AFTER_SECONDS } from './http/error.filter.js';
import { installHttpHooks } from './http/http-hooks.js';
import { startMetricsServer } from './http/metrics-server.js';
import { installRequestDeadline } from './http/request-deadline.js';
import { allowedOrigins, installRequestOriginChecks } from './http/request-origin.js';
import { installSecurityHeaders } from './http/security-headers.js';
import { serveWebApp } from './http/web-app.js';

const SOCKET_GRACE_MS = 10_000;
const REQUEST_ID = /^[A-Za-z0-9._-]{1,100}$/;

/** Builds the gateway application (not listening yet), so tests can run it in-process. */
export async function createGateway(config: GatewayConfig, logger: Logger): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    disableRequestLogging: config.NODE_ENV === 'test',
    requestIdHeader: false,
    // Keep a caller's request id when it is well-formed, so traces join up across systems.
    genReqId: (req: IncomingMessage) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    // Idle: a connection that neither sends nor receives for REQUEST_TIMEOUT_MS (plus a grace, so
    // the request deadline below always answers first) is closed. Total: a request must have
    // arrived whole within UPLOAD_TIMEOUT_MS (uploads on slow links are the long ones), checked
    // every second rather than Node's default 30 s.
    connectionTimeout: config.REQUEST_TIMEOUT_MS + SOCKET_GRACE_MS,
    requestTimeout: config.UPLOAD_TIMEOUT_MS,
    http: {
      requestTimeout: config.UPLOAD_TIMEOUT_MS,
      headersTimeout: Math.min(60_000, config.UPLOAD_TIMEOUT_MS),
      connectionsCheckingInterval: 1000,
    },
    clientErrorHandler: answerClientError,
    bodyLimit: config.BODY_LIMIT_BYTES,
    return503OnClosing: true,
    trustProxy: config.TRUST_PROXY,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, logger), adapter, {
    logger: new PinoNestLogger(logger),
  });
  const fastify = app.getHttpAdapter().getInstance();
  installHttpHooks(fastify);
  installRequestDeadline(fastify, config.REQUEST_TIMEOUT_MS, RETRY_AFTER_SECONDS);
  installSecurityHeaders(fastify);
  installRequestOriginChecks(fastify, allowedOrigins(config.ALLOWED_ORIGINS, config.PUBLIC_URL));
  await app.register(cookie);
  // Uploads stream through (never buffered); the import routes stop at IMPORT_MAX_FILE_BYTES themselves.
  await app.register(multipart, {
    limits: { fileSize: config.IMPORT_MAX_FILE_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 1024 },
  });
  await serveWebApp(fastify, config.WEB_DIST);
  const metrics = await startMetricsServer(config.METRICS_HOST, config.METRICS_PORT, logger);
  fastify.addHook('onClose', (_instance, done) => void metrics.close(() => done()));
  app.enableShutdownHooks();
  await app.init();
  return app;
}
