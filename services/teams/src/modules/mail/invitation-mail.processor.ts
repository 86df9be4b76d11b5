import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { LOGGER, SERVICE_CONFIG } from '@warmpath/server-kit';
import { Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { TeamsConfig } from '../../config/teams.config.js';
import { nameOf, ProfilesClient } from '../access/profiles.client.js';
import { invitationState } from '../invitations/invitation.mapper.js';
import { hashInvitationToken } from '../invitations/invitation-token.js';
import { InvitationsRepository } from '../invitations/invitations.repository.js';
import { joinUrl } from '../invitations/invitations.service.js';
import { WorkspacesRepository } from '../workspaces/workspaces.repository.js';
import { composeInvitationMail } from './invitation-mail.js';
import {
  bullConnection,
  bullPrefix,
  INVITATION_MAIL_QUEUE,
  type InvitationMailJob,
} from './invitation-mail.queue.js';
import { cappedExponentialDelay, MAIL_BACKOFF_TYPE } from './mail-backoff.js';

/**
 * Sends invitation mails with nodemailer. A failed try marks the invitation 'retrying' and BullMQ
 * tries again after a capped exponential delay; a delivered mail marks it 'sent'. At least once:
 * a crash between delivery and the update sends the mail a second time, never zero times.
 */
@Injectable()
export class InvitationMailProcessor implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private worker: Worker<InvitationMailJob> | null = null;
  private connection: Redis | null = null;
  private transport: Transporter | null = null;

  constructor(
    private readonly invitations: InvitationsRepository,
    private readonly workspaces: WorkspacesRepository,
    private readonly profiles: ProfilesClient,
    @Inject(SERVICE_CONFIG) private readonly config: TeamsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    const smtpUrl = this.config.SMTP_URL;
    if (!smtpUrl) {
      this.logger.warn('SMTP_URL is not set: invitation mails are not sent (their links are still shown)');
      return;
    }
    const timeout = this.config.MAIL_SEND_TIMEOUT_MS;
    this.transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    } as Parameters<typeof nodemailer.createTransport>[0]);
    this.connection = bullConnection(this.config);
    this.worker = new Worker<InvitationMailJob>(INVITATION_MAIL_QUEUE, (job) => this.send(job), {
      connection: this.connection,
      prefix: bullPrefix(this.config.REDIS_PREFIX),
      concurrency: 4,
      settings: {
        backoffStrategy: (attemptsMade, type) =>
          type === MAIL_BACKOFF_TYPE
            ? cappedExponentialDelay(
                attemptsMade,
                this.config.MAIL_BACKOFF_MS,
                this.config.MAIL_BACKOFF_MAX_MS,
              )
            : this.config.MAIL_BACKOFF_MS,
      },
    });
    this.worker.on('error', (error) => this.logger.error({ err: error }, 'invitation mail worker error'));
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    this.connection?.disconnect();
    this.transport?.close();
  }

  private async send(job: Job<InvitationMailJob>): Promise<void> {
    const { invitationId, token } = job.data;
    const invitation = await this.invitations.findById(invitationId);
    // Deleted with its workspace, used, revoked, expired or already sent: nothing is owed.
    if (!invitation || invitation.mailStatus === 'sent' || invitationState(invitation) !== 'pending') return;
    if (invitation.tokenHash !== hashInvitationToken(token)) return; // a stale job: the sweep sends a fresh link
    try {
      const workspace = await this.workspaces.findById(invitation.teamId);
      if (!workspace) return;
      const inviterName = nameOf(await this.profiles.profileOf(invitation.invitedById));
      const mail = composeInvitationMail({
        from: this.config.MAIL_FROM,
        to: invitation.email,
        workspaceName: workspace.name,
        inviterName,
        joinUrl: joinUrl(this.config.PUBLIC_URL, token),
        expiresAt: invitation.expiresAt,
      });
      await this.transport?.sendMail(mail);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.logger.warn(
        { invitationId, attempt: job.attemptsMade + 1, err: message },
        'invitation mail failed',
      );
      await this.invitations.markMailRetrying(invitationId, message);
      throw error;
    }
    await this.invitations.markMailSent(invitationId);
  }
}
