import { Injectable } from '@nestjs/common';
import {
  networkGraphContracts,
  networkImportContracts,
  type NetworkSnapshotRef,
  type PayloadOf,
  type RequestOf,
} from '@warmpath/contracts';
import { isSourceOwnerId } from '@warmpath/domain';
import { HandleEvent, HandleRequest } from '@warmpath/server-kit';
import { foregroundDone } from '../team-graph/foreground-work.js';
import { ImportListeners } from './import-listeners.js';
import { utcDay } from './network-reader.service.js';
import { OwnProfileClient } from './own-profile.client.js';
import { SnapshotPointerStore } from './snapshot-pointer.store.js';
import { SnapshotService } from './snapshot.service.js';

/** NATS face of GET /api/network: answers where the snapshot is, never the graph itself. */
@Injectable()
export class GraphHandler {
  constructor(
    private readonly snapshots: SnapshotService,
    private readonly pointers: SnapshotPointerStore,
    private readonly profiles: OwnProfileClient,
    private readonly importListeners: ImportListeners,
  ) {}

  @HandleRequest(networkGraphContracts.getGraph)
  get(request: RequestOf<typeof networkGraphContracts.getGraph>) {
    return this.current(request.userId, request.recheck);
  }

  /**
   * The web app reloads the network right after an import: build its snapshot now, so that read
   * finds it. (One delivery per service through its queue group: a second handler of this event
   * in this service would share the deliveries, not get them all.)
   */
  @HandleEvent(networkImportContracts.importCompleted)
  async prebuild(event: PayloadOf<typeof networkImportContracts.importCompleted>): Promise<void> {
    // The workspaces' shared builds first, then list reads running meanwhile (foreground-work.ts),
    // then the importer's own snapshot: a workspace's list index waits for neither of the last two
    // (docs/targets.md, "Through the running stack").
    await this.importListeners.notifyFirst(event.userId);
    await foregroundDone();
    // A workspace source (negative owner id, docs/workspace-sources.md) has no own network to
    // serve: only its pools.
    if (!isSourceOwnerId(event.userId)) await this.current(event.userId);
    await this.importListeners.notify(event.userId);
  }

  /**
   * Ensures the snapshot and publishes the pointer the gateway reads instead of asking here. The
   * order matters: the generation is read before `ensure` reads the network version, and the
   * profile's freshness before `ensure` reads the profile (see networkSnapshotPointerSchema).
   */
  private async current(userId: number, recheck?: boolean): Promise<NetworkSnapshotRef> {
    const now = new Date();
    const generation = await this.pointers.generation(userId);
    const validUntil = this.profiles.freshUntil(userId, now.getTime());
    const ref = await this.snapshots.ensure(userId, { recheck, now });
    await this.pointers.publish(userId, { ref, generation, day: utcDay(now), validUntil });
    return ref;
  }
}
