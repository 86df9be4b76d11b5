import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { LOGGER, metricsRegistry, SERVICE_CONFIG } from '@warmpath/server-kit';
import { Gauge } from 'prom-client';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { ImportWorkerConfig } from '../../config/import-worker.config.js';
import { ImportsRepository } from './imports.repository.js';

export const IMPORT_QUEUE = 'imports';

export interface ImportJobData {
  importId: string;
}

/** BullMQ's key prefix from REDIS_PREFIX ("warmpath:" → "warmpath"), so a test run's keys stay apart. */
export function bullPrefix(redisPrefix: string): string {
  return redisPrefix.replace(/:+$/, '') || 'bull';
}

/** A Redis connection as BullMQ wants it: commands wait for a reconnect instead of failing. */
export function bullConnection(config: ImportWorkerConfig): Redis {
  return new Redis(config.REDIS_URL, { maxRetriesPerRequest: null, enableReadyCheck: false });
}

/** The import queue. The job id is the import id: queuing an import twice, or again after a crash, is a no-op. */
@Injectable()
export class ImportQueue implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly queue: Queue<ImportJobData>;
  private readonly connection: Redis;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: ImportWorkerConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly imports: ImportsRepository,
  ) {
    this.connection = bullConnection(config);
    this.queue = new Queue<ImportJobData>(IMPORT_QUEUE, {
      connection: this.connection,
      prefix: bullPrefix(config.REDIS_PREFIX),
    });
    registerQueueDepthGauge(this.queue);
  }

  async enqueue(importId: string): Promise<void> {
    await this.queue.add(
      'import',
      { importId },
      {
        jobId: importId,
        attempts: this.config.IMPORT_ATTEMPTS,
        backoff: { type: 'exponential', delay: this.config.IMPORT_BACKOFF_MS },
        // The imports table is the record; BullMQ keeps jobs only long enough to debug them.
        removeOnComplete: { age: 3600, count: 1000 },
        removeOnFail: { age: 24 * 3600 },
      },
    );
  }

  /** Imports recorded but never queued (the process died in between) are queued again at start. */
  async onApplicationBootstrap(): Promise<void> {
    try {
      const unfinished = await this.imports.findUnfinished();
      for (const entity of unfinished) await this.enqueue(entity.id);
      if (unfinished.length)
        this.logger.info({ count: unfinished.length }, 'unfinished imports queued again');
    } catch (error) {
      this.logger.warn({ err: error }, 'could not re-queue unfinished imports');
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close().catch(() => undefined);
    this.connection.disconnect();
  }
}

/**
 * Imports waiting for a worker, on /metrics: the production overlay scales the worker on it
 * (infra/k8s/overlays/production/import-worker-hpa.yaml).
 */
function registerQueueDepthGauge(queue: Queue<ImportJobData>): void {
  metricsRegistry.removeSingleMetric('warmpath_import_queue_waiting');
  new Gauge({
    name: 'warmpath_import_queue_waiting',
    help: 'Imports queued and not yet taken by a worker',
    registers: [metricsRegistry],
    async collect() {
      this.set(await queue.getWaitingCount().catch(() => 0));
    },
  });
}
