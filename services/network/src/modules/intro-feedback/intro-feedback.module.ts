import { Module } from '@nestjs/common';
import { IntroFeedbackHandler } from './intro-feedback.handler.js';
import { IntroFeedbackRepository } from './intro-feedback.repository.js';
import { IntroFeedbackService } from './intro-feedback.service.js';

/** What introduction requests teach path ranking (docs/warmth.md#feedback-from-introductions). */
@Module({
  providers: [IntroFeedbackRepository, IntroFeedbackService, IntroFeedbackHandler],
  exports: [IntroFeedbackRepository],
})
export class IntroFeedbackModule {}
