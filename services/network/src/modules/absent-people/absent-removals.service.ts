import { Inject, Injectable } from '@nestjs/common';
import type { AbsentStatus, RemoveAbsentReply, RestoreAbsentReply } from '@warmpath/contracts';
import { LOGGER } from '@warmpath/server-kit';
import type { Logger } from 'pino';
import { ImportListeners } from '../graph/import-listeners.js';
import { SnapshotPointerStore } from '../graph/snapshot-pointer.store.js';
import { AbsentRemovalsRepository } from './absent-removals.repository.js';

/**
 * Remove the people not in the latest export, and undo it
 * (docs/import.md#removing-the-people-not-in-your-latest-export). Both change the network the way
 * an import does, so they invalidate it the same way: the version is bumped in the same
 * transaction, the snapshot generation after the commit (before the answer), and the pooled
 * workspace graphs of the owner's workspaces are rebuilt for their recent viewers.
 */
@Injectable()
export class AbsentRemovalsService {
  constructor(
    private readonly repository: AbsentRemovalsRepository,
    private readonly pointers: SnapshotPointerStore,
    private readonly listeners: ImportListeners,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  status(importId: string, userId: number): Promise<AbsentStatus> {
    return this.repository.status(importId, userId);
  }

  async remove(importId: string, userId: number): Promise<RemoveAbsentReply> {
    const reply = await this.repository.remove(importId, userId);
    await this.changed(userId);
    this.logger.info({ importId, userId, removed: reply.removed }, 'absent people removed');
    return reply;
  }

  async restore(importId: string, userId: number): Promise<RestoreAbsentReply> {
    const reply = await this.repository.restore(importId, userId);
    await this.changed(userId);
    this.logger.info({ importId, userId, restored: reply.restored }, 'absent people restored');
    return reply;
  }

  async purgeExpired(): Promise<number> {
    const purged = await this.repository.purgeExpired();
    if (purged > 0) this.logger.info({ purged }, 'expired removals of absent people made final');
    return purged;
  }

  private async changed(userId: number): Promise<void> {
    await this.pointers.bump(userId);
    // Warming the pooled graphs is not the answer's business: reads are never stale without it.
    void this.listeners
      .notify(userId)
      .catch((error: unknown) => this.logger.warn({ err: error, userId }, 'pooled graphs not refreshed'));
  }
}
