import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { introsContracts, type IntroFeedbackItem } from '@warmpath/contracts';
import { BusClient, LOGGER } from '@warmpath/server-kit';
import type { Logger } from 'pino';
import { IntroFeedbackRepository, type IntroFeedbackRow } from './intro-feedback.repository.js';

/** How often the catch-up asks the teams service for feedback the events did not bring (and at boot). */
export const FEEDBACK_CATCH_UP_INTERVAL_MS = 60 * 1000;
/** Timeline entries asked per call of the catch-up. */
export const FEEDBACK_CATCH_UP_PAGE = 500;

/**
 * Records what introduction requests teach about ties (docs/warmth.md#feedback-from-introductions).
 * Events on the bus are fire-and-forget: one published while this service is down, or while its
 * NATS connection is cut, is lost. So the teams service's timeline is the source: the events bring
 * feedback at once, and the catch-up (at boot, then every minute) reads every entry after the last
 * one it read. Both write the same row (one per request and kind), so nothing counts twice.
 */
@Injectable()
export class IntroFeedbackService implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | null = null;

  constructor(
    private readonly repository: IntroFeedbackRepository,
    private readonly bus: BusClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    const run = () =>
      void this.catchUp().catch((error: unknown) =>
        this.logger.warn({ err: error }, 'intro feedback catch-up failed; retried on the next round'),
      );
    run();
    this.timer = setInterval(run, FEEDBACK_CATCH_UP_INTERVAL_MS).unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  record(row: IntroFeedbackRow): Promise<void> {
    return this.repository.record([row]);
  }

  /** Reads the teams service's feedback entries after the last one read; how many it stored. */
  catchUp(): Promise<number> {
    // One at a time: the timer and a slow round must not read the same pages twice.
    this.running ??= this.readAll().finally(() => (this.running = null));
    return this.running;
  }

  private async readAll(): Promise<number> {
    let after = await this.repository.caughtUpTo();
    let stored = 0;
    for (;;) {
      const { items } = await this.bus.request(introsContracts.feedbackSince, {
        afterEventId: after,
        limit: FEEDBACK_CATCH_UP_PAGE,
      });
      await this.repository.record(items.map(toRow));
      stored += items.length;
      const last = items[items.length - 1];
      if (!last || items.length < FEEDBACK_CATCH_UP_PAGE) return stored;
      after = last.eventId;
    }
  }
}

const toRow = (item: IntroFeedbackItem): IntroFeedbackRow => ({
  introId: item.introId,
  kind: item.kind,
  teamId: item.teamId,
  connectorUserId: item.connectorId,
  personKey: item.targetPersonKey,
  connectorConnectionId: item.connectorConnectionId,
  at: item.at,
  teamsEventId: item.eventId,
});
