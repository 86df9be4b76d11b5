import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { DurableSession } from '@warmpath/contracts';
import { invalid, LOGGER, SERVICE_CONFIG } from '@warmpath/server-kit';
import type { Logger } from 'pino';
import type { AuthConfig } from '../../config/auth.config.js';
import { SessionsRepository } from './sessions.repository.js';

export const EXPIRY_BEFORE_START = 'A session cannot expire before it begins.';

/**
 * The durable copy of browser sessions: recorded at sign-in, read by the gateway only when its
 * Redis does not know a session, deleted at sign-out; rows past their absolute expiry are purged
 * every SESSION_PURGE_INTERVAL_MS.
 */
@Injectable()
export class SessionsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private purgeTimer?: NodeJS.Timeout;

  constructor(
    private readonly sessions: SessionsRepository,
    @Inject(SERVICE_CONFIG) private readonly config: AuthConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.purgeTimer = setInterval(() => void this.purgeQuietly(), this.config.SESSION_PURGE_INTERVAL_MS);
    this.purgeTimer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.purgeTimer);
  }

  async record(idHash: string, userId: number, createdAt: Date, expiresAt: Date): Promise<void> {
    if (expiresAt <= createdAt) throw invalid(EXPIRY_BEFORE_START);
    await this.sessions.insert({ idHash, userId, createdAt, expiresAt, lastSeenAt: createdAt });
  }

  async resolve(idHash: string, now = new Date()): Promise<DurableSession | null> {
    const session = await this.sessions.findLive(idHash, now);
    return (
      session && {
        userId: session.userId,
        createdAt: session.createdAt.toISOString(),
        expiresAt: session.expiresAt.toISOString(),
        lastSeenAt: session.lastSeenAt.toISOString(),
      }
    );
  }

  seen(idHash: string, at: Date): Promise<boolean> {
    return this.sessions.seen(idHash, at);
  }

  revoke(idHash: string): Promise<boolean> {
    return this.sessions.delete(idHash);
  }

  revokeOthers(userId: number, keepHash: string | null): Promise<number> {
    return this.sessions.deleteOthers(userId, keepHash);
  }

  /** Deletes the sessions past their absolute expiry; answers how many. */
  purge(now = new Date()): Promise<number> {
    return this.sessions.deleteExpired(now);
  }

  private async purgeQuietly(): Promise<void> {
    try {
      const purged = await this.purge();
      if (purged) this.logger.info({ purged }, 'expired sessions purged');
    } catch (error) {
      // The database may be away; the next round tries again, and expired rows count as absent.
      this.logger.warn({ err: error }, 'expired sessions could not be purged');
    }
  }
}
