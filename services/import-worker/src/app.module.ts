import { Module, type DynamicModule } from '@nestjs/common';
import { databaseChecks, serviceDatabaseModule, ServiceKitModule } from '@warmpath/server-kit';
import type { Logger } from 'pino';
import type { ImportWorkerConfig } from './config/import-worker.config.js';
import { migrations } from './database/migrations/index.js';
import { ImportEntity } from './modules/imports/import.entity.js';
import { ImportsModule } from './modules/imports/imports.module.js';

@Module({})
export class AppModule {
  static forRoot(config: ImportWorkerConfig, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceKitModule.forRoot({ service: 'import-worker', config, logger, checks: databaseChecks }),
        serviceDatabaseModule({
          url: config.DATABASE_URL,
          queryTimeoutMs: config.DATABASE_QUERY_TIMEOUT_MS,
          schema: 'imports',
          entities: [ImportEntity],
          migrations,
        }),
        ImportsModule,
      ],
    };
  }
}
