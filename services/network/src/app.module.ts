import { Module, type DynamicModule } from '@nestjs/common';
import { databaseChecks, serviceDatabaseModule, ServiceKitModule } from '@warmpath/server-kit';
import type { Logger } from 'pino';
import type { NetworkConfig } from './config/network.config.js';
import { networkEntities } from './database/entities/index.js';
import { migrations } from './database/migrations/index.js';
import { AbsentPeopleModule } from './modules/absent-people/absent-people.module.js';
import { GraphModule } from './modules/graph/graph.module.js';
import { IntroFeedbackModule } from './modules/intro-feedback/intro-feedback.module.js';
import { IntroTargetsModule } from './modules/intro-targets/intro-targets.module.js';
import { ImportWritesModule } from './modules/import-writes/import-writes.module.js';
import { NotesModule } from './modules/notes/notes.module.js';
import { PathsModule } from './modules/paths/paths.module.js';
import { SignalsModule } from './modules/signals/signals.module.js';
import { StatsModule } from './modules/stats/stats.module.js';
import { TargetListsModule } from './modules/target-lists/target-lists.module.js';
import { TeamGraphModule } from './modules/team-graph/team-graph.module.js';

@Module({})
export class AppModule {
  static forRoot(config: NetworkConfig, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceKitModule.forRoot({ service: 'network', config, logger, checks: databaseChecks }),
        serviceDatabaseModule({
          url: config.DATABASE_URL,
          queryTimeoutMs: config.DATABASE_QUERY_TIMEOUT_MS,
          schema: 'network',
          entities: networkEntities,
          migrations,
        }),
        GraphModule,
        ImportWritesModule,
        NotesModule,
        PathsModule,
        SignalsModule,
        StatsModule,
        TeamGraphModule,
        AbsentPeopleModule,
        IntroTargetsModule,
        IntroFeedbackModule,
        TargetListsModule,
      ],
    };
  }
}
