import { Global, Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { REDIS, RedisCloser, redisProvider, ServiceKitModule } from '@warmpath/server-kit';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { GatewayConfig } from './config/gateway.config.js';
import { ErrorFilter } from './http/error.filter.js';
import { AiModule } from './modules/ai/ai.module.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { DocsModule } from './modules/docs/docs.module.js';
import { HealthModule } from './modules/health/health.module.js';
import { BulkModule } from './modules/bulk/bulk.module.js';
import { ImportsModule } from './modules/imports/imports.module.js';
import { OAuthModule } from './modules/oauth/oauth.module.js';
import { NetworkModule } from './modules/network/network.module.js';
import { SessionModule } from './modules/session/session.module.js';
import { TeamsModule } from './modules/teams/teams.module.js';
import { IntrosModule } from './modules/intros/intros.module.js';
import { TargetListsModule } from './modules/target-lists/target-lists.module.js';
import { TokensModule } from './modules/tokens/tokens.module.js';

@Module({})
export class AppModule {
  static forRoot(config: GatewayConfig, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceKitModule.forRoot({
          service: 'gateway',
          config,
          logger,
          answersHealth: false,
          healthRoutes: false,
          checks: {
            inject: [REDIS],
            useFactory: (redis: Redis) => [{ name: 'redis', check: async () => void (await redis.ping()) }],
          },
        }),
        InfraModule,
        SessionModule,
        HealthModule,
        AuthModule,
        OAuthModule,
        ImportsModule,
        BulkModule,
        NetworkModule,
        AiModule,
        TeamsModule,
        IntrosModule,
        TargetListsModule,
        TokensModule,
        DocsModule,
      ],
      providers: [{ provide: APP_FILTER, useClass: ErrorFilter }],
    };
  }
}

/** Connections the gateway's modules share. */
@Global()
@Module({ providers: [redisProvider, RedisCloser], exports: [REDIS] })
export class InfraModule {}
