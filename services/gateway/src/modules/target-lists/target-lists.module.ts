import { Module } from '@nestjs/common';
import { TargetListSeenController } from './target-list-seen.controller.js';
import { TargetListsController } from './target-lists.controller.js';

/** Target lists (docs/targets.md#routes): read uploads here, stored and matched by the network service. */
@Module({ controllers: [TargetListsController, TargetListSeenController] })
export class TargetListsModule {}
