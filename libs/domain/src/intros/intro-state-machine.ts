import {
  INTRO_EXPIRY_DAYS,
  INTRO_REMINDER_DAYS,
  OPEN_INTRO_STATES,
  type IntroActor,
  type IntroState,
} from '@warmpath/contracts';

/**
 * What can happen to an introduction request (docs/intros.md, "States"). Each action belongs to
 * one side: the connector answers and introduces, the requester withdraws and records the
 * outcome, the service expires and ends the requests of a member who left.
 */
export const INTRO_ACTIONS = [
  'accept',
  'decline',
  'ask_target',
  'target_agreed',
  'target_declined',
  'introduce',
  'meeting_held',
  'no_response',
  'withdraw',
  'expire',
  'requester_left',
  'connector_left',
] as const;
export type IntroAction = (typeof INTRO_ACTIONS)[number];

interface TransitionRule {
  actor: IntroActor;
  from: readonly IntroState[];
  to: IntroState;
}

const OPEN: readonly IntroState[] = OPEN_INTRO_STATES;

const RULES: Record<IntroAction, TransitionRule> = {
  accept: { actor: 'connector', from: ['requested'], to: 'accepted' },
  decline: { actor: 'connector', from: ['requested', 'asking_target'], to: 'declined' },
  ask_target: { actor: 'connector', from: ['requested'], to: 'asking_target' },
  target_agreed: { actor: 'connector', from: ['asking_target'], to: 'accepted' },
  target_declined: { actor: 'connector', from: ['asking_target'], to: 'declined' },
  introduce: { actor: 'connector', from: ['accepted'], to: 'introduced' },
  meeting_held: { actor: 'requester', from: ['introduced'], to: 'meeting_held' },
  no_response: { actor: 'requester', from: ['introduced'], to: 'no_response' },
  withdraw: { actor: 'requester', from: OPEN, to: 'withdrawn' },
  expire: { actor: 'system', from: ['requested'], to: 'expired' },
  requester_left: { actor: 'system', from: OPEN, to: 'withdrawn' },
  connector_left: { actor: 'system', from: OPEN, to: 'declined' },
};

export type IntroTransition =
  | { ok: true; to: IntroState }
  | { ok: false; problem: 'wrong_side'; message: string }
  | { ok: false; problem: 'wrong_state'; message: string };

const STATE_WORDS: Record<IntroState, string> = {
  requested: 'waiting for an answer',
  accepted: 'accepted',
  declined: 'declined',
  asking_target: 'waiting for the person to agree',
  introduced: 'introduced',
  meeting_held: 'closed with a meeting',
  no_response: 'closed without a response',
  withdrawn: 'withdrawn',
  expired: 'expired',
};

const SIDE_MESSAGES: Record<IntroActor, string> = {
  connector: 'Only the teammate asked can do this',
  requester: 'Only the teammate who asked can do this',
  system: 'Only the service can do this',
};

/** The next state when `actor` does `action` in `state`, or why they may not. */
export function introTransition(state: IntroState, action: IntroAction, actor: IntroActor): IntroTransition {
  const rule = RULES[action];
  if (rule.actor !== actor) return { ok: false, problem: 'wrong_side', message: SIDE_MESSAGES[rule.actor] };
  if (!rule.from.includes(state)) {
    return { ok: false, problem: 'wrong_state', message: `This request is ${STATE_WORDS[state]}` };
  }
  return { ok: true, to: rule.to };
}

export function isOpenIntroState(state: IntroState): boolean {
  return OPEN.includes(state);
}

/** Whether the viewer is the one who must act next (the inbox badge). */
export function isAwaitingViewer(state: IntroState, viewer: 'requester' | 'connector'): boolean {
  switch (state) {
    case 'requested':
    case 'asking_target':
    case 'accepted':
      return viewer === 'connector';
    case 'introduced':
      return viewer === 'requester';
    case 'declined':
    case 'meeting_held':
    case 'no_response':
    case 'withdrawn':
    case 'expired':
      return false;
  }
}

const DAY_MS = 24 * 3600 * 1000;

export function introExpiry(createdAt: Date): Date {
  return new Date(createdAt.getTime() + INTRO_EXPIRY_DAYS * DAY_MS);
}

export function introReminderDue(createdAt: Date): Date {
  return new Date(createdAt.getTime() + INTRO_REMINDER_DAYS * DAY_MS);
}

/**
 * A connector sharing `counts` is named to the requester only once they accepted and chose to
 * reveal themself; everyone else is named as their sharing level already shows them.
 */
export function isConnectorNamedToRequester(connectorSharing: string, revealed: boolean): boolean {
  return connectorSharing !== 'counts' || revealed;
}

/** The UTC day's end: when the daily request limit starts again. */
export function nextUtcMidnight(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}
