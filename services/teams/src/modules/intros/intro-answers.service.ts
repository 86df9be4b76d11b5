import { Injectable } from '@nestjs/common';
import {
  INTRO_MESSAGES,
  type AnswerIntroRequest,
  type IntroRequestView,
  type TargetAnswer,
} from '@warmpath/contracts';
import { introTransition, type IntroAction } from '@warmpath/domain';
import { conflict, forbidden, notFound } from '@warmpath/server-kit';
import type { EntityManager } from 'typeorm';
import { ProfilesClient } from '../access/profiles.client.js';
import { WorkspaceAccess } from '../access/workspace-access.js';
import { IntroClock } from './intro-clock.js';
import type { IntroMailKind } from './intro-mail.js';
import { IntroNotifier } from './intro-notifier.js';
import { DECLINE_WORDS, viewerRoleOf } from './intro-view.mapper.js';
import { IntrosRepository, type IntroChange, type IntroRow } from './intros.repository.js';
import { IntrosService } from './intros.service.js';

/** What a change writes besides its state: the decline reason, the reveal, the timeline note. */
type ChangeExtras = Omit<IntroChange, 'state' | 'actor' | 'actorId'>;

/**
 * Every change after the request: the connector's answers, the introduction, the requester's
 * outcome and withdrawal, and the service's own (expiry, a side leaving). Each is checked by the
 * state machine of libs/domain, stored with who and when, mailed to the other side once, and
 * published on the bus.
 */
@Injectable()
export class IntroAnswersService {
  constructor(
    private readonly intros: IntrosRepository,
    private readonly access: WorkspaceAccess,
    private readonly profiles: ProfilesClient,
    private readonly notifier: IntroNotifier,
    private readonly clock: IntroClock,
    private readonly reads: IntrosService,
  ) {}

  answer(
    teamId: number,
    userId: number,
    introId: number,
    answer: AnswerIntroRequest,
  ): Promise<IntroRequestView> {
    switch (answer.decision) {
      case 'accept':
        return this.byViewer(teamId, userId, introId, 'accept', {
          note: null,
          answered: true,
          revealed: answer.revealName,
        });
      case 'decline':
        return this.byViewer(teamId, userId, introId, 'decline', {
          note: answer.reasonText
            ? `${DECLINE_WORDS[answer.reason]}: ${answer.reasonText}`
            : DECLINE_WORDS[answer.reason],
          answered: true,
          declineReason: answer.reason,
          declineText: answer.reasonText,
        });
      case 'ask_target':
        return this.byViewer(teamId, userId, introId, 'ask_target', { note: null, answered: true });
    }
  }

  targetAnswer(
    teamId: number,
    userId: number,
    introId: number,
    answer: TargetAnswer,
  ): Promise<IntroRequestView> {
    return answer.agreed
      ? this.byViewer(teamId, userId, introId, 'target_agreed', {
          note: 'The person agreed',
          revealed: answer.revealName,
        })
      : this.byViewer(teamId, userId, introId, 'target_declined', {
          note: DECLINE_WORDS.target_declined,
          declineReason: 'target_declined',
        });
  }

  introduced(teamId: number, userId: number, introId: number): Promise<IntroRequestView> {
    return this.byViewer(teamId, userId, introId, 'introduce', { note: null });
  }

  outcome(teamId: number, userId: number, introId: number, outcome: 'meeting_held' | 'no_response') {
    return this.byViewer(teamId, userId, introId, outcome, { note: null });
  }

  withdraw(teamId: number, userId: number, introId: number): Promise<IntroRequestView> {
    return this.byViewer(teamId, userId, introId, 'withdraw', { note: null });
  }

  /**
   * A member left (or was removed): their open requests are withdrawn, those addressed to them
   * declined, and the other side is told. Idempotent: a request already closed is left alone.
   */
  async memberLeft(teamId: number, userId: number): Promise<void> {
    const ids = await this.intros.transaction((manager) =>
      this.intros.openInvolving(manager, teamId, userId),
    );
    for (const id of ids) {
      await this.bySystem(id, (intro) =>
        intro.requesterId === userId
          ? { action: 'requester_left', extras: { note: 'The requester left the workspace' } }
          : {
              action: 'connector_left',
              extras: { note: DECLINE_WORDS.member_left, declineReason: 'member_left' },
            },
      );
    }
  }

  /** A change made by the service (expiry, a side gone), on a request it reads itself. */
  async bySystem(
    introId: number,
    decide: (intro: IntroRow) => { action: IntroAction; extras: ChangeExtras },
    at = this.clock.now(),
  ): Promise<boolean> {
    const done = await this.intros.transaction(async (manager) => {
      const intro = await this.intros.findById(manager, introId);
      if (!intro) return null;
      const profiles = await this.profiles.profilesOf([intro.requesterId, intro.connectorId]);
      const { action, extras } = decide(intro);
      const transition = introTransition(intro.state, action, 'system');
      if (!transition.ok) return null;
      return this.apply(
        manager,
        intro,
        { ...extras, state: transition.to, actor: 'system', actorId: null },
        at,
        profiles,
      );
    });
    if (done) this.notifier.committed(done.intro, done.outboxId, at);
    return done !== null;
  }

  private async byViewer(
    teamId: number,
    userId: number,
    introId: number,
    action: IntroAction,
    extras: ChangeExtras,
  ): Promise<IntroRequestView> {
    await this.access.memberOf(teamId, userId);
    const seen = await this.intros.findForViewer(introId, teamId, userId);
    if (!seen) throw notFound(INTRO_MESSAGES.notFound);
    const profiles = await this.profiles.profilesOf([seen.requesterId, seen.connectorId]);
    const at = this.clock.now();
    const done = await this.intros.transaction(async (manager) => {
      const intro = await this.intros.findForViewer(introId, teamId, userId, manager);
      if (!intro) throw notFound(INTRO_MESSAGES.notFound);
      const actor = viewerRoleOf(intro, userId);
      const transition = introTransition(intro.state, action, actor);
      if (!transition.ok)
        throw transition.problem === 'wrong_side'
          ? forbidden(transition.message)
          : conflict(transition.message);
      return this.apply(
        manager,
        intro,
        { ...extras, state: transition.to, actor, actorId: userId },
        at,
        profiles,
      );
    });
    this.notifier.committed(done.intro, done.outboxId, at);
    return this.reads.get(teamId, userId, introId);
  }

  private async apply(
    manager: EntityManager,
    intro: IntroRow,
    change: IntroChange,
    at: Date,
    profiles: Awaited<ReturnType<ProfilesClient['profilesOf']>>,
  ): Promise<{ intro: IntroRow; outboxId: number | null }> {
    const eventId = await this.intros.change(manager, intro, change, at);
    const changed = (await this.intros.findById(manager, intro.id)) as IntroRow;
    const kind: IntroMailKind = change.state;
    const outboxId = await this.notifier.oweMail(manager, changed, kind, eventId, change.note, profiles);
    return { intro: changed, outboxId };
  }
}
