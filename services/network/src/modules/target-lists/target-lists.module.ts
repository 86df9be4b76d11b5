import { Module } from '@nestjs/common';
import { GraphModule } from '../graph/graph.module.js';
import { TeamGraphModule } from '../team-graph/team-graph.module.js';
import { TargetListRenamer } from './target-list-renamer.js';
import { TargetListsHandler } from './target-lists.handler.js';
import { TargetListsRepository } from './target-lists.repository.js';
import { TargetListsService } from './target-lists.service.js';

/** Target lists (docs/targets.md): stored here, matched against the own or pooled network. */
@Module({
  imports: [GraphModule, TeamGraphModule],
  providers: [TargetListsRepository, TargetListsService, TargetListRenamer, TargetListsHandler],
})
export class TargetListsModule {}
