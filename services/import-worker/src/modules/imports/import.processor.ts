import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { BusClient, LOGGER, SERVICE_CONFIG } from '@warmpath/server-kit';
import { DelayedError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { ImportWorkerConfig } from '../../config/import-worker.config.js';
import { ImportFailureError } from '../csv/import-failure.js';
import {
  bullConnection,
  bullPrefix,
  cappedBackoff,
  IMPORT_QUEUE,
  type ImportJobData,
} from './import-queue.js';
import { ImportRunner } from './import-runner.service.js';
import { ImportsRepository } from './imports.repository.js';
import { ImportProgress } from './import-progress.js';

/** How soon an import interrupted by a shutdown is offered again (to another worker, or this one restarted). */
const REQUEUE_DELAY_MS = 200;

/**
 * The BullMQ worker. A try that dies with its process (kill -9) stops renewing its lock and is
 * taken again after IMPORT_LOCK_DURATION_MS; a try interrupted by a normal shutdown (SIGTERM) goes
 * straight back to the queue without counting as an attempt.
 */
@Injectable()
export class ImportProcessor implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private worker: Worker<ImportJobData> | null = null;
  private connection: Redis | null = null;
  private readonly running = new Set<AbortController>();
  private closing = false;

  constructor(
    private readonly runner: ImportRunner,
    private readonly imports: ImportsRepository,
    private readonly bus: BusClient,
    @Inject(SERVICE_CONFIG) private readonly config: ImportWorkerConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.connection = bullConnection(this.config);
    this.worker = new Worker<ImportJobData>(IMPORT_QUEUE, (job, token) => this.process(job, token), {
      connection: this.connection,
      prefix: bullPrefix(this.config.REDIS_PREFIX),
      concurrency: this.config.IMPORT_CONCURRENCY,
      lockDuration: this.config.IMPORT_LOCK_DURATION_MS,
      stalledInterval: this.config.IMPORT_STALLED_INTERVAL_MS,
      maxStalledCount: 2,
      settings: {
        backoffStrategy: (attemptsMade) =>
          cappedBackoff(attemptsMade, this.config.IMPORT_BACKOFF_MS, this.config.IMPORT_BACKOFF_MAX_MS),
      },
    });
    this.worker.on('failed', (job, error) => void this.onJobFailed(job, error));
    this.worker.on('error', (error) => this.logger.error({ err: error }, 'import worker error'));
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.closing = true;
    for (const controller of this.running) controller.abort();
    await this.worker?.close();
    this.connection?.disconnect();
  }

  private async process(job: Job<ImportJobData>, token: string | undefined): Promise<void> {
    const controller = new AbortController();
    this.running.add(controller);
    try {
      const attempts = job.opts.attempts ?? 1;
      await this.runner.run(job.data.importId, {
        signal: controller.signal,
        isFinalAttempt: job.attemptsMade + 1 >= attempts,
      });
    } catch (error) {
      if (this.closing && token) {
        await job.moveToDelayed(Date.now() + REQUEUE_DELAY_MS, token);
        throw new DelayedError();
      }
      throw error;
    } finally {
      this.running.delete(controller);
    }
  }

  /**
   * BullMQ fails a job without running it when it stalled too often (its workers kept dying): the
   * import must not stay "parsing" forever.
   */
  private async onJobFailed(job: Job<ImportJobData> | undefined, error: Error): Promise<void> {
    if (!job || error instanceof DelayedError) return;
    const isFinal = job.attemptsMade >= (job.opts.attempts ?? 1) || /stalled/i.test(error.message);
    if (!isFinal) return;
    try {
      const entity = await this.imports.findById(job.data.importId);
      if (!entity || entity.state === 'completed' || entity.state === 'failed') return;
      const progress = new ImportProgress(entity, this.imports, this.bus, this.logger, 0);
      await progress.fail({
        code: 'RETRIES_EXHAUSTED',
        message: ImportFailureError.retriesExhausted().message,
      });
    } catch (failure) {
      this.logger.error({ err: failure, importId: job.data.importId }, 'could not record a failed import');
    }
  }
}
