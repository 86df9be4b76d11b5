import { Module } from '@nestjs/common';
import { GraphModule } from '../graph/graph.module.js';
import { IntroFeedbackModule } from '../intro-feedback/intro-feedback.module.js';
import { TeamGraphModule } from '../team-graph/team-graph.module.js';
import { PathsHandler } from './paths.handler.js';
import { PathsService } from './paths.service.js';

@Module({
  imports: [GraphModule, TeamGraphModule, IntroFeedbackModule],
  providers: [PathsService, PathsHandler],
})
export class PathsModule {}
