import { Module } from '@nestjs/common';
import { NetworkController } from './network.controller.js';
import { NetworkSnapshotService } from './network-snapshot.service.js';
import { TeamNetworkController } from './team-network.controller.js';
import { TeamNetworkSplitController } from './team-network-split.controller.js';

@Module({
  controllers: [NetworkController, TeamNetworkController, TeamNetworkSplitController],
  providers: [NetworkSnapshotService],
})
export class NetworkModule {}
