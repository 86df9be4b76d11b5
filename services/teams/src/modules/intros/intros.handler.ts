import { Injectable } from '@nestjs/common';
import { introsContracts, type RequestOf } from '@warmpath/contracts';
import { HandleRequest } from '@warmpath/server-kit';
import { IntroAnswersService } from './intro-answers.service.js';
import { IntroFeedbackFeed } from './intro-feedback.feed.js';
import { IntroStatsService } from './intro-stats.service.js';
import { IntroSweepService } from './intro-sweep.service.js';
import { IntrosService } from './intros.service.js';

type Req<K extends keyof typeof introsContracts> = RequestOf<(typeof introsContracts)[K]>;

/** NATS face of introduction requests (docs/intros.md). */
@Injectable()
export class IntrosHandler {
  constructor(
    private readonly intros: IntrosService,
    private readonly answers: IntroAnswersService,
    private readonly statistics: IntroStatsService,
    private readonly sweeper: IntroSweepService,
    private readonly feedback: IntroFeedbackFeed,
  ) {}

  @HandleRequest(introsContracts.create)
  create(r: Req<'create'>) {
    return this.intros.create(r.teamId, r.userId, r.request);
  }

  @HandleRequest(introsContracts.list)
  list(r: Req<'list'>) {
    return this.intros.list(r.userId, r.teamId, r.query);
  }

  @HandleRequest(introsContracts.summary)
  summary(r: Req<'summary'>) {
    return this.intros.summary(r.userId);
  }

  @HandleRequest(introsContracts.get)
  get(r: Req<'get'>) {
    return this.intros.get(r.teamId, r.userId, r.introId);
  }

  @HandleRequest(introsContracts.markRead)
  markRead(r: Req<'markRead'>) {
    return this.intros.markRead(r.teamId, r.userId, r.introId);
  }

  @HandleRequest(introsContracts.answer)
  answer(r: Req<'answer'>) {
    return this.answers.answer(r.teamId, r.userId, r.introId, r.answer);
  }

  @HandleRequest(introsContracts.targetAnswer)
  targetAnswer(r: Req<'targetAnswer'>) {
    return this.answers.targetAnswer(r.teamId, r.userId, r.introId, r.answer);
  }

  @HandleRequest(introsContracts.markIntroduced)
  introduced(r: Req<'markIntroduced'>) {
    return this.answers.introduced(r.teamId, r.userId, r.introId);
  }

  @HandleRequest(introsContracts.recordOutcome)
  outcome(r: Req<'recordOutcome'>) {
    return this.answers.outcome(r.teamId, r.userId, r.introId, r.outcome);
  }

  @HandleRequest(introsContracts.withdraw)
  withdraw(r: Req<'withdraw'>) {
    return this.answers.withdraw(r.teamId, r.userId, r.introId);
  }

  @HandleRequest(introsContracts.stats)
  stats(r: Req<'stats'>) {
    return this.statistics.stats(r.teamId, r.userId);
  }

  @HandleRequest(introsContracts.sweep)
  sweep(r: Req<'sweep'>) {
    return this.sweeper.run(r.now ? new Date(r.now) : undefined, r.teamId);
  }

  @HandleRequest(introsContracts.feedbackSince)
  feedbackSince(r: Req<'feedbackSince'>) {
    return this.feedback.since(r.afterEventId, r.limit);
  }
}
