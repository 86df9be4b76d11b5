import { Injectable } from '@nestjs/common';
import { introsEvents, type PayloadOf } from '@warmpath/contracts';
import { HandleEvent } from '@warmpath/server-kit';
import { IntroFeedbackService } from './intro-feedback.service.js';

type IntroEvent = PayloadOf<typeof introsEvents.outcome>;

/** The intro events that move a tie (docs/warmth.md#feedback-from-introductions). */
@Injectable()
export class IntroFeedbackHandler {
  constructor(private readonly feedback: IntroFeedbackService) {}

  @HandleEvent(introsEvents.answered)
  async answered(event: PayloadOf<typeof introsEvents.answered>): Promise<void> {
    if (event.state === 'declined' && event.declineReason === 'not_close_enough')
      await this.feedback.record(rowOf(event, 'not_close_enough'));
  }

  @HandleEvent(introsEvents.outcome)
  async outcome(event: IntroEvent): Promise<void> {
    if (event.state === 'introduced') await this.feedback.record(rowOf(event, 'introduced'));
  }
}

const rowOf = (event: IntroEvent, kind: 'not_close_enough' | 'introduced') => ({
  introId: event.introId,
  kind,
  teamId: event.teamId,
  connectorUserId: event.connectorId,
  personKey: event.targetPersonKey,
  connectorConnectionId: event.connectorConnectionId,
  at: event.at,
  teamsEventId: null,
});
