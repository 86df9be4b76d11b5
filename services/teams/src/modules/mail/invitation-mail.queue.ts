import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { LOGGER, SERVICE_CONFIG } from '@warmpath/server-kit';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { TeamsConfig } from '../../config/teams.config.js';
import { hashInvitationToken, newInvitationToken } from '../invitations/invitation-token.js';
import { InvitationsRepository } from '../invitations/invitations.repository.js';
import { MAIL_BACKOFF_TYPE } from './mail-backoff.js';

export const INVITATION_MAIL_QUEUE = 'invitation-mail';

/** The token rides in the job because the database keeps only its hash; the job is removed once sent. */
export interface InvitationMailJob {
  invitationId: number;
  token: string;
}

/** One job per invitation, ever: queuing it twice is a no-op. */
export const mailJobId = (invitationId: number) => `invitation-${invitationId}`;

/** BullMQ's key prefix from REDIS_PREFIX ("warmpath:" → "warmpath"), so a test run's keys stay apart. */
export function bullPrefix(redisPrefix: string): string {
  return redisPrefix.replace(/:+$/, '') || 'bull';
}

/** A Redis connection as BullMQ wants it: commands wait for a reconnect instead of failing. */
export function bullConnection(config: TeamsConfig): Redis {
  return new Redis(config.REDIS_URL, { maxRetriesPerRequest: null, enableReadyCheck: false });
}

/**
 * The outbox of invitation mails. The invitation row is the record (mail_status queued, retrying
 * or sent); the queue only carries it to the worker. A sweep at boot and every
 * MAIL_SWEEP_INTERVAL_MS queues again what is owed but has no job (Redis lost it) and retries
 * jobs that ran out of attempts, so no invitation's mail is ever dropped.
 */
@Injectable()
export class InvitationMailQueue implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly queue: Queue<InvitationMailJob> | null = null;
  private readonly connection: Redis | null = null;
  private timer: NodeJS.Timeout | null = null;
  private sweeping: Promise<void> | null = null;

  constructor(
    private readonly invitations: InvitationsRepository,
    @Inject(SERVICE_CONFIG) private readonly config: TeamsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    if (!config.SMTP_URL) return;
    this.connection = bullConnection(config);
    this.queue = new Queue<InvitationMailJob>(INVITATION_MAIL_QUEUE, {
      connection: this.connection,
      prefix: bullPrefix(config.REDIS_PREFIX),
    });
  }

  /** Without SMTP_URL no mail is sent: invitations say so ('disabled') and show their link. */
  get isEnabled(): boolean {
    return this.queue !== null;
  }

  /** Never awaited by the invitation: a slow or absent Redis delays the mail, not the answer. */
  enqueue(invitationId: number, token: string): void {
    void this.add(invitationId, token).catch((error: unknown) =>
      this.logger.warn({ err: error, invitationId }, 'invitation mail not queued yet; the sweep will'),
    );
  }

  private async add(invitationId: number, token: string): Promise<void> {
    await this.queue?.add(
      'send',
      { invitationId, token },
      {
        jobId: mailJobId(invitationId),
        attempts: this.config.MAIL_ATTEMPTS,
        backoff: { type: MAIL_BACKOFF_TYPE },
        // The token must not linger in Redis once delivered; failed jobs stay for the sweep to retry.
        removeOnComplete: true,
        removeOnFail: false,
      },
    );
  }

  async sweep(): Promise<void> {
    const queue = this.queue;
    if (!queue) return;
    const owed = await this.invitations.findMailOwed(this.config.MAIL_SWEEP_GRACE_MS);
    let requeued = 0;
    for (const invitationId of owed) {
      const job = await queue.getJob(mailJobId(invitationId));
      if (!job) {
        // The only copy of the token was in the lost job: the mail carries a new one.
        const token = newInvitationToken();
        await this.invitations.replaceTokenHash(invitationId, hashInvitationToken(token));
        await this.add(invitationId, token);
        requeued++;
      } else if (await job.isFailed()) {
        await job.retry('failed');
        requeued++;
      }
    }
    if (requeued) this.logger.info({ count: requeued }, 'owed invitation mails queued again');
  }

  onApplicationBootstrap(): void {
    if (!this.queue) return;
    const run = () => {
      this.sweeping ??= this.sweep()
        .catch((error: unknown) => this.logger.warn({ err: error }, 'invitation mail sweep failed'))
        .finally(() => (this.sweeping = null));
    };
    run();
    this.timer = setInterval(run, this.config.MAIL_SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.sweeping;
    await this.queue?.close().catch(() => undefined);
    this.connection?.disconnect();
  }
}
