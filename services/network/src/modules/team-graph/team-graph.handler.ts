import { Inject, Injectable } from '@nestjs/common';
import {
  bulkEvents,
  networkTeamGraphContracts,
  networkTeamSplitContracts,
  teamsEvents,
  type NetworkSnapshotRef,
  type PayloadOf,
  type RequestOf,
  type TeamSplitRef,
} from '@warmpath/contracts';
import { HandleEvent, HandleRequest, LOGGER } from '@warmpath/server-kit';
import type { Logger } from 'pino';
import { ImportListeners } from '../graph/import-listeners.js';
import { foregroundDone } from './foreground-work.js';
import { IntroFeedbackRepository } from '../intro-feedback/intro-feedback.repository.js';
import { RecentReaders, type ReadKind } from './recent-readers.js';
import { TeamNetworks } from './team-networks.service.js';
import { TeamSnapshotService } from './team-snapshot.service.js';
import { TeamSplitService } from './team-split.service.js';

/**
 * NATS face of GET /api/teams/{id}/network and of its base and patch, and what keeps them warm.
 * Reads are never stale whatever the events do (every read checks membership, sharing and the
 * members' versions); the events rebuild, once per workspace, the base and patches of a workspace
 * someone reads that way, and the per-viewer snapshots of the members who read those (API
 * clients), so their next read is answered from Redis instead of waiting for a pooling of
 * 100,000 people (docs/workspace-network.md "One snapshot per workspace version: base + viewer patch").
 */
@Injectable()
export class TeamGraphHandler {
  /** teamId → the refresh running now, and whether events came in since it started. */
  private readonly refreshing = new Map<number, { again: boolean; done: Promise<void> }>();

  constructor(
    private readonly snapshots: TeamSnapshotService,
    private readonly split: TeamSplitService,
    private readonly teams: TeamNetworks,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly feedback: IntroFeedbackRepository,
    importListeners: ImportListeners,
    private readonly readers: RecentReaders,
  ) {
    importListeners.addFirst((userId) => this.sharedBuildsFor(userId));
    importListeners.add((userId) => this.memberImported(userId));
  }

  @HandleRequest(networkTeamGraphContracts.getTeamGraph)
  async get(request: RequestOf<typeof networkTeamGraphContracts.getTeamGraph>): Promise<NetworkSnapshotRef> {
    const ref = await this.snapshots.ensure(request.userId, request.teamId, {
      recheck: request.recheck,
      representation: request.representation,
    });
    await this.readers.mark('snapshot', request.teamId, request.userId);
    return ref;
  }

  @HandleRequest(networkTeamSplitContracts.getBase)
  base(request: RequestOf<typeof networkTeamSplitContracts.getBase>): Promise<TeamSplitRef> {
    return this.splitPart('base', request);
  }

  @HandleRequest(networkTeamSplitContracts.getPatch)
  patch(request: RequestOf<typeof networkTeamSplitContracts.getPatch>): Promise<TeamSplitRef> {
    return this.splitPart('patch', request);
  }

  /** The version's base or the reader's patch; the reader marked as a recent split reader. */
  private async splitPart(
    part: 'base' | 'patch',
    request: RequestOf<typeof networkTeamSplitContracts.getBase>,
  ): Promise<TeamSplitRef> {
    const ref = await this.split[part](request.userId, request.teamId, {
      recheck: request.recheck,
      encoding: request.encoding,
    });
    await this.readers.mark('split', request.teamId, request.userId);
    return ref;
  }

  @HandleEvent(teamsEvents.memberJoined)
  joined(event: PayloadOf<typeof teamsEvents.memberJoined>): Promise<void> {
    return this.refresh(event.teamId);
  }

  @HandleEvent(teamsEvents.memberLeft)
  async left(event: PayloadOf<typeof teamsEvents.memberLeft>): Promise<void> {
    await this.readers.forget(event.teamId, event.userId);
    this.teams.forget(event.teamId, event.userId);
    // Their ties leave the pool, and what requests said of them goes too (ignored on reads anyway).
    await this.feedback.drop(event.teamId, event.userId);
    await this.refresh(event.teamId);
  }

  @HandleEvent(teamsEvents.sharingChanged)
  sharingChanged(event: PayloadOf<typeof teamsEvents.sharingChanged>): Promise<void> {
    return this.refresh(event.teamId);
  }

  /**
   * An uploaded export added, deleted or claimed (docs/workspace-sources.md): the pool's
   * contributors changed.
   */
  @HandleEvent(bulkEvents.sourceChanged)
  sourceChanged(event: PayloadOf<typeof bulkEvents.sourceChanged>): Promise<void> {
    return this.refresh(event.teamId);
  }

  @HandleEvent(teamsEvents.workspaceDeleted)
  async deleted(event: PayloadOf<typeof teamsEvents.workspaceDeleted>): Promise<void> {
    await this.readers.forget(event.teamId);
    this.teams.forget(event.teamId);
    await this.snapshots.forget(event.teamId);
    await this.split.forget(event.teamId);
    await this.feedback.drop(event.teamId);
  }

  /**
   * A member's import changed what every workspace they are in pools (see ImportListeners): the
   * teams service says which, since their readers may have been served by another replica.
   */
  async memberImported(userId: number): Promise<void> {
    for (const teamId of await this.teams.workspacesWith(userId)) await this.refresh(teamId);
  }

  /**
   * The new shared build of every workspace the member is in that someone read recently (what
   * the refresh would build anyway), before the rest of the import's work: a list index read
   * meanwhile waits for it, not for the importer's own snapshot (docs/targets.md, "Through the
   * running stack"). Built as the latest recent reader still a member reads it.
   */
  async sharedBuildsFor(userId: number): Promise<void> {
    for (const teamId of await this.teams.workspacesWith(userId)) {
      const [split, snapshot] = await Promise.all([
        this.readers.recent('split', teamId),
        this.readers.recent('snapshot', teamId),
      ]);
      for (const viewerId of new Set([...split, ...snapshot])) {
        try {
          await this.teams.sharedPool(await this.teams.state(viewerId, teamId));
          break;
        } catch (error) {
          // Most likely no longer a member: the refresh after says so for its own reads.
          this.logger.debug({ err: error, teamId, viewerId }, 'shared build not made ahead');
        }
      }
    }
  }

  /**
   * One refresh per workspace at a time. Events that arrive while it runs (a bulk's files finish
   * seconds apart) fold into one more pass once it ends: a pooling of 100,000 people per event,
   * several at once, would leave the pooled graph further behind the more files land.
   */
  private refresh(teamId: number): Promise<void> {
    const running = this.refreshing.get(teamId);
    if (running) {
      running.again = true;
      return running.done;
    }
    const state = { again: true, done: Promise.resolve() };
    state.done = (async () => {
      try {
        while (state.again) {
          state.again = false;
          await this.rebuildSplit(teamId, await this.readers.recent('split', teamId));
          await this.rebuildViewers(teamId, await this.readers.recent('snapshot', teamId));
        }
      } finally {
        this.refreshing.delete(teamId);
      }
    })();
    this.refreshing.set(teamId, state);
    return state.done;
  }

  /**
   * Builds the workspace's new base and patches once, for every member, when anyone read them
   * recently: the membership of the latest recent reader still a member names the version (the
   * same for every member).
   */
  private async rebuildSplit(teamId: number, readers: readonly number[]): Promise<void> {
    for (const viewerId of readers) {
      try {
        await this.split.ensure(viewerId, teamId);
        return;
      } catch (error) {
        await this.unable('split', teamId, viewerId, error, 'workspace base and patches not rebuilt');
      }
    }
  }

  /**
   * Rebuilds the per-viewer snapshots of the recent readers of GET /api/teams/{id}/network (API
   * clients; the web app reads the base and patch) one after another (a pooling is CPU-heavy).
   */
  private async rebuildViewers(teamId: number, readers: readonly number[]): Promise<void> {
    for (const viewerId of readers) {
      try {
        // Seconds of CPU in one piece: a list index read meanwhile goes first (foreground-work.ts).
        await foregroundDone();
        await this.snapshots.ensure(viewerId, teamId);
      } catch (error) {
        await this.unable('snapshot', teamId, viewerId, error, 'pooled snapshot not rebuilt');
      }
    }
  }

  /** A reader whose rebuild failed (most likely no longer a member): their next read answers for itself. */
  private async unable(kind: ReadKind, teamId: number, viewerId: number, error: unknown, message: string) {
    await this.readers.forget(teamId, viewerId, [kind]);
    this.logger.warn({ err: error, teamId, viewerId }, message);
  }
}
