import { Module } from '@nestjs/common';
import { GraphModule } from '../graph/graph.module.js';
import { AbsentRemovalsHandler } from './absent-removals.handler.js';
import { AbsentRemovalsRepository } from './absent-removals.repository.js';
import { AbsentRemovalsService } from './absent-removals.service.js';

/**
 * Removing the people not in the latest export, undoable for 7 days
 * (docs/import.md#removing-the-people-not-in-your-latest-export).
 */
@Module({
  imports: [GraphModule],
  providers: [AbsentRemovalsRepository, AbsentRemovalsService, AbsentRemovalsHandler],
})
export class AbsentPeopleModule {}
