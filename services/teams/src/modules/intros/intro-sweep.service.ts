import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { INTRO_EXPIRY_DAYS, INTRO_REMINDER_DAYS, type IntroSweepResult } from '@warmpath/contracts';
import { LOGGER, SERVICE_CONFIG } from '@warmpath/server-kit';
import type { Logger } from 'pino';
import type { TeamsConfig } from '../../config/teams.config.js';
import { ProfilesClient } from '../access/profiles.client.js';
import { IntroAnswersService } from './intro-answers.service.js';
import { IntroClock } from './intro-clock.js';
import { IntroNotifier } from './intro-notifier.js';
import { IntrosRepository } from './intros.repository.js';

const DAY_MS = 24 * 3600 * 1000;

/**
 * The clock-driven part of intros: a reminder to the connector on day 7 of an unanswered
 * request, expiry on day 14, and closing requests whose side left without the leave closing
 * them. Runs every INTRO_SWEEP_INTERVAL_MS on the service's clock; `run(now)` takes any "now", so
 * tests drive days without waiting.
 */
@Injectable()
export class IntroSweepService implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly intros: IntrosRepository,
    private readonly answers: IntroAnswersService,
    private readonly notifier: IntroNotifier,
    private readonly profiles: ProfilesClient,
    private readonly clock: IntroClock,
    @Inject(SERVICE_CONFIG) private readonly config: TeamsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async run(now = this.clock.now(), teamId?: number): Promise<IntroSweepResult> {
    for (const gone of await this.intros.openWithSideGone(teamId)) {
      await this.answers.memberLeft(gone.teamId, gone.userId);
    }
    const expired: number[] = [];
    const expireBy = new Date(now.getTime() - INTRO_EXPIRY_DAYS * DAY_MS);
    for (const id of await this.intros.unansweredSince(expireBy, false, teamId)) {
      const done = await this.answers.bySystem(id, () => ({ action: 'expire', extras: { note: null } }), now);
      if (done) expired.push(id);
    }
    const reminded: number[] = [];
    const remindBy = new Date(now.getTime() - INTRO_REMINDER_DAYS * DAY_MS);
    for (const id of await this.intros.unansweredSince(remindBy, true, teamId)) {
      if (await this.remind(id, now)) reminded.push(id);
    }
    return { expired, reminded };
  }

  /** The day-7 reminder: once per request (the outbox key and reminded_at both say so). */
  private async remind(id: number, now: Date): Promise<boolean> {
    const done = await this.intros.transaction(async (manager) => {
      const intro = await this.intros.findById(manager, id);
      if (!intro || intro.state !== 'requested' || !(await this.intros.markReminded(manager, id, now)))
        return null;
      const profiles = await this.profiles.profilesOf([intro.requesterId, intro.connectorId]);
      const outboxId = await this.notifier.oweMail(manager, intro, 'reminder', null, null, profiles);
      return { intro, outboxId };
    });
    if (!done) return false;
    this.notifier.enqueueOnly(done.outboxId);
    return true;
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      this.running ??= this.run()
        .catch((error: unknown) => this.logger.warn({ err: error }, 'intro sweep failed'))
        .finally(() => (this.running = null));
    }, this.config.INTRO_SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
