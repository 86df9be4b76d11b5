import { Global, Module, type DynamicModule, type FactoryProvider, type Provider } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Logger } from 'pino';
import { BusClient } from '../bus/bus-client.js';
import { BUS_OPTIONS, NATS_CONNECTION, type BusOptions } from '../bus/bus-options.js';
import { BusServer } from '../bus/bus-server.js';
import { NatsCloser } from '../bus/nats-closer.js';
import { connectNats } from '../bus/nats-connection.js';
import type { BaseEnv } from '../config/env-schemas.js';
import {
  DEPENDENCY_CHECKS,
  HealthChecks,
  SERVICE_NAME,
  type DependencyCheck,
} from '../health/health-checks.js';
import { HealthController } from '../health/health.controller.js';
import { HealthHandler } from '../health/health.handler.js';
import { LOGGER } from '../logging/logger.tokens.js';

/** Injection token of the service's parsed configuration. */
export const SERVICE_CONFIG = Symbol('SERVICE_CONFIG');

export interface ServiceKitOptions<C extends BaseEnv> {
  service: string;
  config: C;
  logger: Logger;
  /** Dependency checks besides NATS (database, Redis...), resolved from the module's providers. */
  checks?: Omit<FactoryProvider<DependencyCheck[]>, 'provide'>;
  /** Whether this process answers `<service>.health.check` (the gateway does not). */
  answersHealth?: boolean;
  /**
   * Whether /health/* and /metrics are served by this app (default true). The gateway says false:
   * its public port serves its own public probes, and metrics go to a port of their own.
   */
  healthRoutes?: boolean;
}

/** The plumbing every service shares: config, logger, NATS bus, health and metrics. */
@Global()
@Module({})
export class ServiceKitModule {
  static forRoot<C extends BaseEnv>(options: ServiceKitOptions<C>): DynamicModule {
    const busOptions: BusOptions = {
      service: options.service,
      natsUrl: options.config.NATS_URL,
      prefix: options.config.NATS_PREFIX,
      requestTimeoutMs: options.config.NATS_REQUEST_TIMEOUT_MS,
    };
    const natsCheck: FactoryProvider<DependencyCheck> = {
      provide: 'NATS_CHECK',
      inject: [NATS_CONNECTION],
      useFactory: (nc: NatsConnection) => ({
        name: 'nats',
        check: async () => {
          if (nc.isClosed()) throw new Error('connection closed');
          await nc.flush();
        },
      }),
    };
    const extraChecks = options.checks ?? { useFactory: () => [] as DependencyCheck[] };
    const providers: Provider[] = [
      { provide: SERVICE_CONFIG, useValue: options.config },
      { provide: SERVICE_NAME, useValue: options.service },
      { provide: LOGGER, useValue: options.logger },
      { provide: BUS_OPTIONS, useValue: busOptions },
      {
        provide: NATS_CONNECTION,
        useFactory: () => connectNats(busOptions.natsUrl, options.service, options.logger),
      },
      natsCheck,
      { provide: 'EXTRA_CHECKS', ...extraChecks },
      {
        provide: DEPENDENCY_CHECKS,
        inject: ['NATS_CHECK', 'EXTRA_CHECKS'],
        useFactory: (nats: DependencyCheck, extra: DependencyCheck[]) => [nats, ...extra],
      },
      BusClient,
      BusServer,
      NatsCloser,
      HealthChecks,
      ...(options.answersHealth === false ? [] : [HealthHandler]),
    ];
    return {
      module: ServiceKitModule,
      imports: [DiscoveryModule],
      controllers: options.healthRoutes === false ? [] : [HealthController],
      providers,
      exports: [SERVICE_CONFIG, LOGGER, NATS_CONNECTION, BUS_OPTIONS, BusClient, BusServer, HealthChecks],
    };
  }
}
