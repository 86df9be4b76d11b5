import { Module } from '@nestjs/common';
import { NetworkController } from './network.controller.js';
import { NetworkSnapshotService } from './network-snapshot.service.js';
import { TeamNetworkController } from './team-network.controller.js';

@Module({ controllers: [NetworkController, TeamNetworkController], providers: [NetworkSnapshotService] })
export class NetworkModule {}
