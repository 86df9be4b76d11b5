/**
 * What an introduction request taught the workspace about one member's tie to a person
 * (docs/warmth.md#feedback-from-introductions): the connector declined because they do not know
 * the person well enough, or the request reached "introduced".
 */
export const INTRO_FEEDBACK_KINDS = ['not_close_enough', 'introduced'] as const;
export type IntroFeedbackKind = (typeof INTRO_FEEDBACK_KINDS)[number];

export interface IntroFeedback {
  kind: IntroFeedbackKind;
  /** When it happened (ISO 8601). */
  at: string;
}

/**
 * How feedback moves a tie's warmth (0.5 to 1 before it, docs/warmth.md).
 *
 * - `not_close_enough` halves it: every tie starts at 0.5, so the lowered tie ranks at or below
 *   every other member's tie to the person. The connector said so themselves; any teammate who
 *   knows the person is at least as good a way in.
 * - `introduced` takes it halfway to 1: an introduction that happened is the best evidence there
 *   is, yet a tie with messages every week still counts for more than a one-off.
 */
export const INTRO_FEEDBACK_FACTORS = {
  notCloseEnough: 0.5,
  introducedTowardsOne: 0.5,
} as const;

/** The feedback that counts for a tie: the latest (a later introduction outweighs an earlier "no"). */
export function latestFeedback(feedback: readonly IntroFeedback[]): IntroFeedback | null {
  let latest: IntroFeedback | null = null;
  for (const item of feedback) {
    if (!latest || Date.parse(item.at) >= Date.parse(latest.at)) latest = item;
  }
  return latest;
}

/** A tie's warmth, in (0, 1], after the latest feedback on it; unchanged without feedback. */
export function adjustTieWarmth(warmth: number, feedback: readonly IntroFeedback[]): number {
  const latest = latestFeedback(feedback);
  if (!latest) return warmth;
  switch (latest.kind) {
    case 'not_close_enough':
      return warmth * INTRO_FEEDBACK_FACTORS.notCloseEnough;
    case 'introduced':
      return warmth + (1 - warmth) * INTRO_FEEDBACK_FACTORS.introducedTowardsOne;
    default:
      return assertNever(latest.kind);
  }
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "March 2026", in UTC. */
export function feedbackMonth(at: string): string {
  const date = new Date(at);
  return `${MONTHS[date.getUTCMonth()] as string} ${date.getUTCFullYear()}`;
}

/**
 * Feedback in words, from the connector's side. The requester is never named ("someone"): who
 * asked whom is private to the two of them (docs/intros.md#rules). `connector` is 'You' for the
 * connector reading it; a connector whose sharing level hides their ties is never passed here.
 */
export function explainFeedback(connector: string, person: string, feedback: IntroFeedback): string {
  const month = feedbackMonth(feedback.at);
  switch (feedback.kind) {
    case 'introduced':
      return `${connector} introduced someone to ${person} in ${month}`;
    case 'not_close_enough':
      return connector === 'You'
        ? `You said you don't know ${person} well enough for an introduction (${month})`
        : `${connector} said they don't know ${person} well enough for an introduction (${month})`;
    default:
      return assertNever(feedback.kind);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unknown feedback kind: ${String(value)}`);
}
