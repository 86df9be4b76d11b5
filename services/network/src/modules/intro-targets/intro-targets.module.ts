import { Module } from '@nestjs/common';
import { IntroFeedbackModule } from '../intro-feedback/intro-feedback.module.js';
import { TeamGraphModule } from '../team-graph/team-graph.module.js';
import { IntroTargetHandler } from './intro-target.handler.js';
import { IntroTargetService } from './intro-target.service.js';

/** Who knows the person an introduction request is about (docs/intros.md, "Who owns what"). */
@Module({
  imports: [TeamGraphModule, IntroFeedbackModule],
  providers: [IntroTargetService, IntroTargetHandler],
})
export class IntroTargetsModule {}
