import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { LOGGER, metricsRegistry, SERVICE_CONFIG } from '@warmpath/server-kit';
import { Gauge } from 'prom-client';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { ImportWorkerConfig } from '../../config/import-worker.config.js';

export const IMPORT_QUEUE = 'imports';

export interface ImportJobData {
  importId: string;
}

/** The backoff strategy's name in job options; the worker computes it (cappedBackoff). */
export const CAPPED_BACKOFF = 'capped-exponential';

/**
 * Delay before retry `attemptsMade` (1 = the first retry): doubling from `firstMs`, at most
 * `capMs`. With the defaults (5 s doubling to 60 s, 8 tries) retries span ~4 minutes, longer than
 * a typical database failover or broker restart, and a try follows at most a minute after the
 * infrastructure is back.
 */
export function cappedBackoff(attemptsMade: number, firstMs: number, capMs: number): number {
  return Math.min(capMs, firstMs * 2 ** Math.max(0, attemptsMade - 1));
}

/** BullMQ's key prefix from REDIS_PREFIX ("warmpath:" → "warmpath"), so a test run's keys stay apart. */
export function bullPrefix(redisPrefix: string): string {
  return redisPrefix.replace(/:+$/, '') || 'bull';
}

/** A Redis connection as BullMQ wants it: commands wait for a reconnect instead of failing. */
export function bullConnection(config: ImportWorkerConfig): Redis {
  return new Redis(config.REDIS_URL, { maxRetriesPerRequest: null, enableReadyCheck: false });
}

/**
 * The queue's own connection (adding and inspecting jobs, never blocking): once connected, a
 * command sent while Redis is unreachable fails at once, so an upload answers 503 and leaves no
 * import behind, instead of hanging until Redis returns.
 */
export function queueConnection(config: ImportWorkerConfig): Redis {
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, enableReadyCheck: false });
  redis.once('ready', () => {
    redis.options.enableOfflineQueue = false;
  });
  return redis;
}

/** The import queue. The job id is the import id: queuing an import twice, or again after a crash, is a no-op. */
@Injectable()
export class ImportQueue implements OnApplicationShutdown {
  private readonly queue: Queue<ImportJobData>;
  private readonly connection: Redis;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: ImportWorkerConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.connection = queueConnection(config);
    this.queue = new Queue<ImportJobData>(IMPORT_QUEUE, {
      connection: this.connection,
      prefix: bullPrefix(config.REDIS_PREFIX),
    });
    this.queue.on('error', (error) => this.logger.warn({ err: error }, 'import queue: Redis error'));
    registerQueueDepthGauge(this.queue);
  }

  async enqueue(importId: string): Promise<void> {
    await this.queue.add(
      'import',
      { importId },
      {
        jobId: importId,
        attempts: this.config.IMPORT_ATTEMPTS,
        backoff: { type: CAPPED_BACKOFF },
        // The imports table is the record; BullMQ keeps jobs only long enough to debug them.
        removeOnComplete: { age: 3600, count: 1000 },
        removeOnFail: { age: 24 * 3600 },
      },
    );
  }

  /**
   * What the queue knows of an import's job: `live` while it waits, runs or waits for a retry;
   * `finished` or `failed` when BullMQ is done with it; `missing` when it holds no such job (never
   * queued, removed, or lost with Redis' data).
   */
  async jobOf(importId: string): Promise<'live' | 'finished' | 'failed' | 'missing'> {
    const job = await this.queue.getJob(importId);
    if (!job) return 'missing';
    const state = await job.getState();
    if (state === 'completed') return 'finished';
    if (state === 'failed') return 'failed';
    return state === 'unknown' ? 'missing' : 'live';
  }

  /** Drops a job BullMQ is done with, so the import can be queued again under the same id. */
  async removeJob(importId: string): Promise<void> {
    await this.queue.remove(importId);
  }

  /** Calls `listener` each time the queue's Redis connection is ready again after being lost. */
  onReconnect(listener: () => void): void {
    let wasLost = false;
    this.connection.on('close', () => (wasLost = true));
    this.connection.on('ready', () => {
      if (wasLost) listener();
      wasLost = false;
    });
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
