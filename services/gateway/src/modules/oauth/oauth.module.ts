import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { LOGGER, SERVICE_CONFIG } from '@warmpath/server-kit';
import type { Logger } from 'pino';
import type { GatewayConfig } from '../../config/gateway.config.js';
import { GithubClient } from './github-client.js';
import { LinkedinController } from './linkedin.controller.js';
import { OAuthController } from './oauth.controller.js';
import { OAuthFlowService } from './oauth-flow.service.js';
import { buildProviderSettings, halfConfiguredProviders, PROVIDER_SETTINGS } from './oauth-providers.js';
import { OAuthStateStore } from './oauth-state.store.js';
import { OidcClient } from './oidc-client.js';

/** Sign-in with LinkedIn, Google and GitHub (docs/oauth.md). */
@Module({
  controllers: [OAuthController, LinkedinController],
  providers: [
    { provide: PROVIDER_SETTINGS, inject: [SERVICE_CONFIG], useFactory: buildProviderSettings },
    OAuthStateStore,
    OidcClient,
    GithubClient,
    OAuthFlowService,
  ],
})
export class OAuthModule implements OnModuleInit {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    for (const name of halfConfiguredProviders(this.config)) {
      this.logger.warn(
        `${name}_CLIENT_ID and ${name}_CLIENT_SECRET must both be set: ${name.toLowerCase()} sign-in stays off`,
      );
    }
  }
}
