import { Inject, Injectable } from '@nestjs/common';
import {
  bulkEvents,
  networkTeamGraphContracts,
  teamsEvents,
  type NetworkSnapshotRef,
  type PayloadOf,
  type RequestOf,
} from '@warmpath/contracts';
import { HandleEvent, HandleRequest, LOGGER } from '@warmpath/server-kit';
import type { Logger } from 'pino';
import { ImportListeners } from '../graph/import-listeners.js';
import { IntroFeedbackRepository } from '../intro-feedback/intro-feedback.repository.js';
import { TeamNetworks } from './team-networks.service.js';
import { TeamSnapshotService } from './team-snapshot.service.js';

/** Viewers who read a pooled network this recently get it rebuilt as soon as it changes. */
export const RECENT_VIEWER_MS = 60 * 60 * 1000;

/**
 * NATS face of GET /api/teams/{id}/network, and what keeps pooled snapshots warm. Reads are never
 * stale whatever the events do (every read checks membership, sharing and the members' versions);
 * the events rebuild the snapshots of the members who look at the workspace, so their next read
 * is answered from Redis instead of waiting for a pooling of 100,000 people.
 */
@Injectable()
export class TeamGraphHandler {
  /** teamId → viewerId → when they last read it (ms). */
  private readonly viewers = new Map<number, Map<number, number>>();
  /** teamId → the refresh running now, and whether events came in since it started. */
  private readonly refreshing = new Map<number, { again: boolean; done: Promise<void> }>();

  constructor(
    private readonly snapshots: TeamSnapshotService,
    private readonly teams: TeamNetworks,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly feedback: IntroFeedbackRepository,
    importListeners: ImportListeners,
  ) {
    importListeners.add((userId) => this.memberImported(userId));
  }

  @HandleRequest(networkTeamGraphContracts.getTeamGraph)
  async get(request: RequestOf<typeof networkTeamGraphContracts.getTeamGraph>): Promise<NetworkSnapshotRef> {
    const ref = await this.snapshots.ensure(request.userId, request.teamId, {
      recheck: request.recheck,
      representation: request.representation,
    });
    this.viewed(request.teamId, request.userId);
    return ref;
  }

  @HandleEvent(teamsEvents.memberJoined)
  joined(event: PayloadOf<typeof teamsEvents.memberJoined>): Promise<void> {
    return this.refresh(event.teamId);
  }

  @HandleEvent(teamsEvents.memberLeft)
  async left(event: PayloadOf<typeof teamsEvents.memberLeft>): Promise<void> {
    this.viewers.get(event.teamId)?.delete(event.userId);
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
    this.viewers.delete(event.teamId);
    this.teams.forget(event.teamId);
    await this.snapshots.forget(event.teamId);
    await this.feedback.drop(event.teamId);
  }

  /** A member's import changed what every workspace they are in pools (see ImportListeners). */
  async memberImported(userId: number): Promise<void> {
    for (const teamId of this.teams.teamsWith(userId)) await this.refresh(teamId);
  }

  private viewed(teamId: number, viewerId: number): void {
    let viewers = this.viewers.get(teamId);
    if (!viewers) this.viewers.set(teamId, (viewers = new Map()));
    viewers.set(viewerId, Date.now());
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
          await this.rebuildViewers(teamId);
        }
      } finally {
        this.refreshing.delete(teamId);
      }
    })();
    this.refreshing.set(teamId, state);
    return state.done;
  }

  /** Rebuilds the recent viewers' snapshots one after another (a pooling is CPU-heavy). */
  private async rebuildViewers(teamId: number): Promise<void> {
    const viewers = this.viewers.get(teamId);
    if (!viewers) return;
    for (const [viewerId, readAt] of [...viewers]) {
      if (Date.now() - readAt > RECENT_VIEWER_MS) {
        viewers.delete(viewerId);
        continue;
      }
      try {
        await this.snapshots.ensure(viewerId, teamId);
      } catch (error) {
        // Most likely no longer a member (NOT_FOUND): their next read answers for itself.
        viewers.delete(viewerId);
        this.logger.warn({ err: error, teamId, viewerId }, 'pooled snapshot not rebuilt');
      }
    }
  }
}
