import { Module, type DynamicModule } from '@nestjs/common';
import { databaseChecks, serviceDatabaseModule, ServiceKitModule } from '@warmpath/server-kit';
import type { Logger } from 'pino';
import type { TeamsConfig } from './config/teams.config.js';
import { teamsEntities } from './database/entities/index.js';
import { migrations } from './database/migrations/index.js';
import { TeamsModule } from './modules/teams.module.js';

@Module({})
export class AppModule {
  static forRoot(config: TeamsConfig, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceKitModule.forRoot({ service: 'teams', config, logger, checks: databaseChecks }),
        serviceDatabaseModule({
          url: config.DATABASE_URL,
          queryTimeoutMs: config.DATABASE_QUERY_TIMEOUT_MS,
          schema: 'teams',
          entities: teamsEntities,
          migrations,
        }),
        TeamsModule,
      ],
    };
  }
}
