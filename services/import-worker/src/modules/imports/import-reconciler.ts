import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { BusClient, LOGGER, SERVICE_CONFIG } from '@warmpath/server-kit';
import type { Logger } from 'pino';
import type { ImportWorkerConfig } from '../../config/import-worker.config.js';
import { ImportFailureError } from '../csv/import-failure.js';
import type { ImportEntity } from './import.entity.js';
import { ImportProgress } from './import-progress.js';
import { ImportQueue } from './import-queue.js';
import { ImportsRepository } from './imports.repository.js';

export interface ReconcileCounts {
  queued: number;
  failed: number;
}

/**
 * Heals imports the queue lost track of. The imports table is the record; BullMQ's jobs can vanish
 * (Redis restarted without its data), fail while the database was down (the failure then never
 * recorded), or never be added (the process died between recording and queuing). Each worker,
 * at boot, every IMPORT_RECONCILE_INTERVAL_MS and whenever its Redis connection comes back,
 * queues again every unfinished import without a live job, and records as failed those whose
 * job BullMQ failed. A queued-again import that had already committed its rows is not written
 * twice: the network service answers the first commit's counts (idempotent per import).
 */
@Injectable()
export class ImportReconciler implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<ReconcileCounts | null> | null = null;

  constructor(
    private readonly imports: ImportsRepository,
    private readonly queue: ImportQueue,
    private readonly bus: BusClient,
    @Inject(SERVICE_CONFIG) private readonly config: ImportWorkerConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    void this.reconcile();
    this.timer = setInterval(() => void this.reconcile(), this.config.IMPORT_RECONCILE_INTERVAL_MS);
    this.timer.unref();
    this.queue.onReconnect(() => void this.reconcile());
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** One pass (a pass already under way is joined); null when the database or Redis cannot be read. */
  reconcile(now = Date.now()): Promise<ReconcileCounts | null> {
    this.running ??= this.pass(now).finally(() => (this.running = null));
    return this.running;
  }

  /**
   * Makes sure an unfinished import has a live job (a re-upload is about to join it): queued
   * again when it has none, recorded as failed when BullMQ failed it. Answers whether it is still
   * unfinished, so the caller joins only an import that will run.
   */
  async ensureLive(entity: ImportEntity): Promise<boolean> {
    const outcome = await this.heal(entity);
    return outcome !== 'failed';
  }

  private async pass(now: number): Promise<ReconcileCounts | null> {
    const counts: ReconcileCounts = { queued: 0, failed: 0 };
    try {
      const unfinished = await this.imports.findUnfinished();
      for (const entity of unfinished) {
        if (now - entity.updatedAt.getTime() < this.config.IMPORT_RECONCILE_GRACE_MS) continue;
        const outcome = await this.heal(entity);
        if (outcome === 'queued') counts.queued++;
        if (outcome === 'failed') counts.failed++;
      }
    } catch (error) {
      this.logger.warn({ err: error }, 'imports not reconciled; the next pass tries again');
      return null;
    }
    if (counts.queued || counts.failed) this.logger.info(counts, 'imports reconciled with the queue');
    return counts;
  }

  private async heal(entity: ImportEntity): Promise<'live' | 'queued' | 'failed'> {
    const job = await this.queue.jobOf(entity.id);
    if (job === 'live') return 'live';
    if (job === 'failed') {
      await this.recordFailure(entity);
      await this.queue.removeJob(entity.id);
      return 'failed';
    }
    // Missing, or finished while the record says otherwise (its last writes were lost): run again.
    if (job === 'finished') await this.queue.removeJob(entity.id);
    await this.queue.enqueue(entity.id);
    this.logger.info({ importId: entity.id, state: entity.state, job }, 'import queued again');
    return 'queued';
  }

  private async recordFailure(entity: ImportEntity): Promise<void> {
    const progress = new ImportProgress(entity, this.imports, this.bus, this.logger, 0);
    await progress.fail({
      code: 'RETRIES_EXHAUSTED',
      message: ImportFailureError.retriesExhausted().message,
    });
    this.logger.info({ importId: entity.id }, 'failed import recorded');
  }
}
