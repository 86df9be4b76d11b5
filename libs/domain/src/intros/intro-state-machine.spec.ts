import { describe, expect, it } from '@jest/globals';
import { INTRO_STATES, type IntroActor, type IntroState } from '@warmpath/contracts';
import {
  INTRO_ACTIONS,
  introExpiry,
  introReminderDue,
  introTransition,
  isAwaitingViewer,
  isConnectorNamedToRequester,
  nextUtcMidnight,
  type IntroAction,
} from './intro-state-machine.js';

/** Every allowed move: (state, action, actor) → next state. Anything else is refused. */
const ALLOWED: [IntroState, IntroAction, IntroActor, IntroState][] = [
  ['requested', 'accept', 'connector', 'accepted'],
  ['requested', 'decline', 'connector', 'declined'],
  ['requested', 'ask_target', 'connector', 'asking_target'],
  ['asking_target', 'decline', 'connector', 'declined'],
  ['asking_target', 'target_agreed', 'connector', 'accepted'],
  ['asking_target', 'target_declined', 'connector', 'declined'],
  ['accepted', 'introduce', 'connector', 'introduced'],
  ['introduced', 'meeting_held', 'requester', 'meeting_held'],
  ['introduced', 'no_response', 'requester', 'no_response'],
  ['requested', 'withdraw', 'requester', 'withdrawn'],
  ['asking_target', 'withdraw', 'requester', 'withdrawn'],
  ['accepted', 'withdraw', 'requester', 'withdrawn'],
  ['requested', 'expire', 'system', 'expired'],
  ['requested', 'requester_left', 'system', 'withdrawn'],
  ['asking_target', 'requester_left', 'system', 'withdrawn'],
  ['accepted', 'requester_left', 'system', 'withdrawn'],
  ['requested', 'connector_left', 'system', 'declined'],
  ['asking_target', 'connector_left', 'system', 'declined'],
  ['accepted', 'connector_left', 'system', 'declined'],
];

const ACTORS: IntroActor[] = ['requester', 'connector', 'system'];

describe('introTransition', () => {
  it.each(ALLOWED)('%s --%s by %s--> %s', (state, action, actor, next) => {
    expect(introTransition(state, action, actor)).toEqual({ ok: true, to: next });
  });

  it('refuses every other (state, action, actor), saying why', () => {
    let refused = 0;
    for (const state of INTRO_STATES) {
      for (const action of INTRO_ACTIONS) {
        for (const actor of ACTORS) {
          if (ALLOWED.some(([s, a, who]) => s === state && a === action && who === actor)) continue;
          const result = introTransition(state, action, actor);
          expect(result.ok).toBe(false);
          refused++;
        }
      }
    }
    expect(refused).toBe(INTRO_STATES.length * INTRO_ACTIONS.length * ACTORS.length - ALLOWED.length);
  });

  it('names the side that may act before looking at the state', () => {
    expect(introTransition('declined', 'accept', 'requester')).toEqual({
      ok: false,
      problem: 'wrong_side',
      message: 'Only the teammate asked can do this',
    });
    expect(introTransition('requested', 'meeting_held', 'connector')).toMatchObject({
      problem: 'wrong_side',
    });
  });

  it('says what state the request is in when the move comes too late', () => {
    expect(introTransition('declined', 'accept', 'connector')).toEqual({
      ok: false,
      problem: 'wrong_state',
      message: 'This request is declined',
    });
    expect(introTransition('introduced', 'withdraw', 'requester')).toMatchObject({
      message: 'This request is introduced',
    });
  });
});

describe('isAwaitingViewer', () => {
  it.each<[IntroState, boolean, boolean]>([
    ['requested', false, true],
    ['asking_target', false, true],
    ['accepted', false, true],
    ['introduced', true, false],
    ['declined', false, false],
    ['meeting_held', false, false],
    ['no_response', false, false],
    ['withdrawn', false, false],
    ['expired', false, false],
  ])('%s: requester %s, connector %s', (state, requester, connector) => {
    expect(isAwaitingViewer(state, 'requester')).toBe(requester);
    expect(isAwaitingViewer(state, 'connector')).toBe(connector);
  });
});

describe('times and naming', () => {
  const created = new Date('2026-03-01T10:00:00Z');
  it('expires after 14 days and reminds on day 7', () => {
    expect(introExpiry(created).toISOString()).toBe('2026-03-15T10:00:00.000Z');
    expect(introReminderDue(created).toISOString()).toBe('2026-03-08T10:00:00.000Z');
  });
  it('resets the daily limit at the next UTC midnight', () => {
    expect(nextUtcMidnight(new Date('2026-03-31T23:59:00Z')).toISOString()).toBe('2026-04-01T00:00:00.000Z');
  });
  it('names a counts-only connector only once revealed', () => {
    expect(isConnectorNamedToRequester('counts', false)).toBe(false);
    expect(isConnectorNamedToRequester('counts', true)).toBe(true);
    expect(isConnectorNamedToRequester('names', false)).toBe(true);
  });
});
