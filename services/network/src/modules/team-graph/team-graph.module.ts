import { Module } from '@nestjs/common';
import { GraphModule } from '../graph/graph.module.js';
import { IntroFeedbackModule } from '../intro-feedback/intro-feedback.module.js';
import { BuildLocks } from './build-lock.js';
import { RecentReaders } from './recent-readers.js';
import { TeamGraphHandler } from './team-graph.handler.js';
import { TeamNetworks } from './team-networks.service.js';
import { TeamSnapshotService } from './team-snapshot.service.js';
import { TeamSplitService } from './team-split.service.js';
import { TeamSplitStore } from './team-split.store.js';

/** Pooled workspace networks: GET /api/teams/{id}/network and the paths through teammates. */
@Module({
  imports: [GraphModule, IntroFeedbackModule],
  providers: [
    BuildLocks,
    RecentReaders,
    TeamNetworks,
    TeamSnapshotService,
    TeamSplitStore,
    TeamSplitService,
    TeamGraphHandler,
  ],
  exports: [TeamNetworks, TeamGraphHandler],
})
export class TeamGraphModule {}
