import { Module } from '@nestjs/common';
import { NetworkController } from './network.controller.js';
import { NetworkSnapshotService } from './network-snapshot.service.js';

@Module({ controllers: [NetworkController], providers: [NetworkSnapshotService] })
export class NetworkModule {}
