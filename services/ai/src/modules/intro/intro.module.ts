import { Module } from '@nestjs/common';
import { LOGGER, SERVICE_CONFIG } from '@warmpath/server-kit';
import type { Logger } from 'pino';
import { modelSettingsOf, type AiConfig } from '../../config/ai.config.js';
import { BuiltInIntroProvider } from './built-in-intro.provider.js';
import { INTRO_PROVIDER, type IntroProvider } from './intro-provider.js';
import { IntroRateLimiter } from './intro-rate-limiter.js';
import { IntroHandler } from './intro.handler.js';
import { IntroService } from './intro.service.js';
import { OpenAiIntroProvider } from './openai-intro.provider.js';

/** The model when one is configured, else the built-in writer (docs/product.md#warm-introductions). */
function createIntroProvider(config: AiConfig, logger: Logger): IntroProvider {
  const settings = modelSettingsOf(config);
  if (!settings) {
    logger.info('warm intros: built-in writer (no AI model configured)');
    return new BuiltInIntroProvider();
  }
  logger.info(
    { model: settings.model, baseUrl: settings.baseUrl ?? 'OpenAI API', timeoutMs: settings.timeoutMs },
    'warm intros: AI model',
  );
  return new OpenAiIntroProvider(settings, logger);
}

@Module({
  providers: [
    { provide: INTRO_PROVIDER, inject: [SERVICE_CONFIG, LOGGER], useFactory: createIntroProvider },
    {
      provide: IntroRateLimiter,
      inject: [SERVICE_CONFIG],
      useFactory: (config: AiConfig) =>
        new IntroRateLimiter({
          maxConcurrent: config.AI_MAX_CONCURRENT_PER_USER,
          maxPerMinute: config.AI_MAX_PER_MINUTE_PER_USER,
        }),
    },
    IntroService,
    IntroHandler,
  ],
})
export class IntroModule {}
