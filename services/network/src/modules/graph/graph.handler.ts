import { Injectable } from '@nestjs/common';
import { networkGraphContracts, networkImportContracts, type PayloadOf, type RequestOf } from '@warmpath/contracts';
import { HandleEvent, HandleRequest } from '@warmpath/server-kit';
import { SnapshotService } from './snapshot.service.js';

/** NATS face of GET /api/network: answers where the snapshot is, never the graph itself. */
@Injectable()
export class GraphHandler {
  constructor(private readonly snapshots: SnapshotService) {}

  @HandleRequest(networkGraphContracts.getGraph)
  get(request: RequestOf<typeof networkGraphContracts.getGraph>) {
    return this.snapshots.ensure(request.userId, { recheck: request.recheck });
  }

  /**
   * The web app reloads the network right after an import: build its snapshot now, so that read
   * finds it. (One delivery per service through its queue group: a second handler of this event
   * in this service would share the deliveries, not get them all.)
   */
  @HandleEvent(networkImportContracts.importCompleted)
  async prebuild(event: PayloadOf<typeof networkImportContracts.importCompleted>): Promise<void> {
    await this.snapshots.ensure(event.userId);
  }
}
