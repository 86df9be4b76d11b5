import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { LOGGER, SERVICE_CONFIG } from '@warmpath/server-kit';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { TeamsConfig } from '../../config/teams.config.js';
import { cappedExponentialDelay, MAIL_BACKOFF_TYPE } from './mail-backoff.js';
import { MailOutboxRepository } from './mail-outbox.repository.js';
import { AttemptBusyError, MailOutboxSender } from './mail-outbox.sender.js';

export const MAIL_OUTBOX_QUEUE = 'mail-outbox';

/** A job only names its outbox row: what to send (and an invitation's token) is in Postgres. */
export interface MailOutboxJob {
  outboxId: number;
}

/** One job per outbox mail, ever: queuing it twice is a no-op. */
export const outboxJobId = (outboxId: number) => `outbox-${outboxId}`;

/** BullMQ's key prefix from REDIS_PREFIX ("warmpath:" → "warmpath"), so a test run's keys stay apart. */
export function bullPrefix(redisPrefix: string): string {
  return redisPrefix.replace(/:+$/, '') || 'bull';
}

/** A Redis connection as BullMQ wants it: commands wait for a reconnect instead of failing. */
export function bullConnection(config: TeamsConfig): Redis {
  return new Redis(config.REDIS_URL, { maxRetriesPerRequest: null, enableReadyCheck: false });
}

/**
 * Carries outbox mails to the sender. The outbox row in Postgres is the record; the queue is only
 * a carrier with retries and backoff, so whatever Redis loses, the sweep (at boot and every
 * MAIL_SWEEP_INTERVAL_MS) queues again from the rows, with the very same mail (and token).
 */
@Injectable()
export class MailOutboxQueue implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly queue: Queue<MailOutboxJob> | null = null;
  private readonly connection: Redis | null = null;
  private worker: Worker<MailOutboxJob> | null = null;
  private workerConnection: Redis | null = null;
  private timer: NodeJS.Timeout | null = null;
  private sweeping: Promise<void> | null = null;
  private readonly sweepHooks: (() => Promise<void>)[] = [];

  constructor(
    private readonly outbox: MailOutboxRepository,
    private readonly sender: MailOutboxSender,
    @Inject(SERVICE_CONFIG) private readonly config: TeamsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    if (!config.SMTP_URL) return;
    this.connection = bullConnection(config);
    this.queue = new Queue<MailOutboxJob>(MAIL_OUTBOX_QUEUE, {
      connection: this.connection,
      prefix: bullPrefix(config.REDIS_PREFIX),
    });
  }

  /** Without SMTP_URL no mail is sent: rows are stored as 'disabled'. */
  get isEnabled(): boolean {
    return this.queue !== null;
  }

  /** Work the sweep does first (owed invitations without an outbox row, from before it existed). */
  beforeSweep(hook: () => Promise<void>): void {
    this.sweepHooks.push(hook);
  }

  /** Never awaited by the change that owes the mail: a slow Redis delays the mail, not the answer. */
  enqueue(outboxId: number | null): void {
    if (outboxId === null || !this.queue) return;
    void this.add(outboxId).catch((error: unknown) =>
      this.logger.warn({ err: error, outboxId }, 'mail not queued yet; the sweep will'),
    );
  }

  private async add(outboxId: number): Promise<void> {
    await this.queue?.add(
      'send',
      { outboxId },
      {
        jobId: outboxJobId(outboxId),
        attempts: this.config.MAIL_ATTEMPTS,
        backoff: { type: MAIL_BACKOFF_TYPE },
        removeOnComplete: true,
        removeOnFail: false,
      },
    );
  }

  /** Queues again every owed mail whose job is gone or gave up, and settles cut-off attempts. */
  async sweep(): Promise<void> {
    const queue = this.queue;
    if (!queue) return;
    for (const hook of this.sweepHooks) await hook();
    let requeued = 0;
    for (const mail of await this.outbox.findOwed(this.config.MAIL_SWEEP_GRACE_MS)) {
      const stale =
        mail.sendingSince &&
        Date.now() - mail.sendingSince.getTime() >= this.config.MAIL_UNCONFIRMED_AFTER_MS;
      if (stale) {
        await this.sender.deliver(mail.id).catch(() => undefined);
        continue;
      }
      const job = await queue.getJob(outboxJobId(mail.id));
      if (!job) {
        await this.add(mail.id);
        requeued++;
      } else if (await job.isFailed()) {
        await job.retry('failed');
        requeued++;
      }
    }
    if (requeued) this.logger.info({ count: requeued }, 'owed mails queued again');
  }

  onApplicationBootstrap(): void {
    if (!this.queue) return;
    this.workerConnection = bullConnection(this.config);
    this.worker = new Worker<MailOutboxJob>(
      MAIL_OUTBOX_QUEUE,
      (job) => this.sender.deliver(job.data.outboxId),
      {
        connection: this.workerConnection,
        prefix: bullPrefix(this.config.REDIS_PREFIX),
        concurrency: 4,
        settings: {
          backoffStrategy: (attemptsMade, type, error) =>
            error instanceof AttemptBusyError
              ? this.config.MAIL_UNCONFIRMED_AFTER_MS
              : type === MAIL_BACKOFF_TYPE
                ? cappedExponentialDelay(
                    attemptsMade,
                    this.config.MAIL_BACKOFF_MS,
                    this.config.MAIL_BACKOFF_MAX_MS,
                  )
                : this.config.MAIL_BACKOFF_MS,
        },
      },
    );
    this.worker.on('error', (error) => this.logger.error({ err: error }, 'mail worker error'));
    const run = () => {
      this.sweeping ??= this.sweep()
        .catch((error: unknown) => this.logger.warn({ err: error }, 'mail sweep failed'))
        .finally(() => (this.sweeping = null));
    };
    run();
    this.timer = setInterval(run, this.config.MAIL_SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.sweeping;
    await this.worker?.close();
    this.workerConnection?.disconnect();
    await this.queue?.close().catch(() => undefined);
    this.connection?.disconnect();
    this.sender.close();
  }
}
