import { Module } from '@nestjs/common';
import { TargetListChangesController } from './target-list-changes.controller.js';
import { TargetListExportController } from './target-list-export.controller.js';
import { TargetListExporter } from './target-list-export.js';
import { TargetListSeenController } from './target-list-seen.controller.js';
import { TargetListsController } from './target-lists.controller.js';

/** Target lists (docs/targets.md#routes): read uploads here, stored and matched by the network service. */
@Module({
  controllers: [
    TargetListsController,
    TargetListChangesController,
    TargetListExportController,
    TargetListSeenController,
  ],
  providers: [TargetListExporter],
})
export class TargetListsModule {}
