import { Module } from '@nestjs/common';
import { AI_ROUTE_CONFIG, loadAiRouteConfig } from './ai-route.config.js';
import { WarmIntroController } from './warm-intro.controller.js';
import { WarmIntroService } from './warm-intro.service.js';

/** The gateway face of the ai context: warm introductions. */
@Module({
  controllers: [WarmIntroController],
  providers: [{ provide: AI_ROUTE_CONFIG, useFactory: () => loadAiRouteConfig() }, WarmIntroService],
})
export class AiModule {}
