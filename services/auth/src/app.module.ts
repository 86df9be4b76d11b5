import { Module, type DynamicModule } from '@nestjs/common';
import { databaseChecks, serviceDatabaseModule, ServiceKitModule } from '@warmpath/server-kit';
import type { Logger } from 'pino';
import type { AuthConfig } from './config/auth.config.js';
import { migrations } from './database/migrations/index.js';
import { IdentitiesModule } from './modules/identities/identities.module.js';
import { SessionEntity } from './modules/sessions/session.entity.js';
import { SessionsModule } from './modules/sessions/sessions.module.js';
import { AccessTokenEntity } from './modules/tokens/access-token.entity.js';
import { TokensModule } from './modules/tokens/tokens.module.js';
import { IdentityEntity } from './modules/users/identity.entity.js';
import { UserEntity } from './modules/users/user.entity.js';
import { UsersModule } from './modules/users/users.module.js';

@Module({})
export class AppModule {
  static forRoot(config: AuthConfig, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceKitModule.forRoot({ service: 'auth', config, logger, checks: databaseChecks }),
        UsersModule,
        IdentitiesModule,
        TokensModule,
        SessionsModule,
        serviceDatabaseModule({
          url: config.DATABASE_URL,
          queryTimeoutMs: config.DATABASE_QUERY_TIMEOUT_MS,
          schema: 'auth',
          entities: [UserEntity, IdentityEntity, AccessTokenEntity, SessionEntity],
          migrations,
        }),
      ],
    };
  }
}
