import { Injectable } from '@nestjs/common';
import { networkGraphContracts, type RequestOf } from '@warmpath/contracts';
import { HandleRequest } from '@warmpath/server-kit';
import { SnapshotService } from './snapshot.service.js';

/** NATS face of GET /api/network: answers where the snapshot is, never the graph itself. */
@Injectable()
export class GraphHandler {
  constructor(private readonly snapshots: SnapshotService) {}

  @HandleRequest(networkGraphContracts.getGraph)
  get(request: RequestOf<typeof networkGraphContracts.getGraph>) {
    return this.snapshots.ensure(request.userId, { recheck: request.recheck });
  }
}
