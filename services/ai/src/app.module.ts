import { Module, type DynamicModule } from '@nestjs/common';
import { ServiceKitModule } from '@warmpath/server-kit';
import type { Logger } from 'pino';
import type { AiConfig } from './config/ai.config.js';
import { IntroModule } from './modules/intro/intro.module.js';

@Module({})
export class AppModule {
  static forRoot(config: AiConfig, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [ServiceKitModule.forRoot({ service: 'ai', config, logger }), IntroModule],
    };
  }
}
