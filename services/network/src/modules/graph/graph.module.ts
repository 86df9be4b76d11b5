import { Module } from '@nestjs/common';
import { REDIS, RedisCloser, redisProvider } from '@warmpath/server-kit';
import { GraphHandler } from './graph.handler.js';
import { ImportListeners } from './import-listeners.js';
import { NetworkReader } from './network-reader.service.js';
import { NetworkRepository } from './network.repository.js';
import { OwnProfileClient } from './own-profile.client.js';
import { SnapshotPointerStore } from './snapshot-pointer.store.js';
import { SnapshotService } from './snapshot.service.js';
import { SnapshotStore } from './snapshot.store.js';

/** The read side of a user's network: loading, caching, and the GET /api/network snapshot. */
@Module({
  providers: [
    redisProvider,
    RedisCloser,
    NetworkRepository,
    NetworkReader,
    OwnProfileClient,
    SnapshotStore,
    SnapshotPointerStore,
    SnapshotService,
    ImportListeners,
    GraphHandler,
  ],
  exports: [
    REDIS,
    NetworkRepository,
    NetworkReader,
    OwnProfileClient,
    SnapshotPointerStore,
    SnapshotStore,
    ImportListeners,
  ],
})
export class GraphModule {}
