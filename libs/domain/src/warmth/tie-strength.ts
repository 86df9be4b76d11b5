import { type ArchiveSignals, daysSince } from './archive-signals.js';

/** What the strength of a tie is computed from: the archive's signals and today's facts. */
export interface TieInput {
  /** Null when the member imported no archive with messages (a plain Connections.csv). */
  signals: ArchiveSignals | null;
  yearsConnected: number | null;
  /** The person works now where the member once worked (the archive's Positions.csv). */
  pastColleague: boolean;
  /** The person works now where the member works now. */
  coEmployedNow: boolean;
}

export type StrengthBand = 'strong' | 'medium' | 'weak';
export const STRENGTH_BANDS: readonly StrengthBand[] = ['strong', 'medium', 'weak'];

export interface TieStrength {
  /** 0-100, rounded. */
  score: number;
  band: StrengthBand;
}

/**
 * A conversation loses half its weight every 180 days: someone you wrote with last season
 * still answers you, after two years (a twentieth of the weight) the tie is a memory. Chosen so
 * that "talked in the last 12 months" keeps at least a quarter of its weight.
 */
export const CONVERSATION_HALF_LIFE_DAYS = 180;

/**
 * A message in a group conversation counts for a fifth of a message between just the two of you:
 * it is addressed to everyone, and answered by whoever feels like it.
 */
export const GROUP_MESSAGE_WEIGHT = 0.2;

/**
 * Points of the score (docs/warmth.md, "Weights"). Messages weigh most: they are what was
 * really said, decayed with time. Years and colleagues are what a plain export knew before.
 */
export const STRENGTH_POINTS = {
  /** Message volume, decayed by recency. */
  recentMessages: 45,
  /** Message volume, kept whatever its age: a long exchange is never nothing. */
  lastingMessages: 5,
  /** Weighted messages that give the full volume (more say little more). */
  messagesForFullVolume: 60,
  /** Share of the message points kept when only one side ever wrote. */
  oneWayShare: 0.5,
  /** Share kept when the last exchange went unanswered. */
  unansweredShare: 0.8,
  /** A recommendation either way: someone vouched for the other's work in writing. */
  recommendation: 15,
  perEndorsement: 2,
  maxEndorsements: 3,
  /** An invitation sent with a personal note rather than a bare click. */
  invitationWithNote: 3,
  perYearConnected: 2,
  maxYearsConnected: 10,
  pastColleague: 12,
  coEmployedNow: 10,
} as const;

/** Lowest score of each band. */
export const BAND_THRESHOLDS = { strong: 40, medium: 20 } as const;

/** The one strength model: a 0-100 score and its band (docs/warmth.md). */
export function tieStrength(input: TieInput, today: Date): TieStrength {
  const score = Math.round(Math.min(100, staticPoints(input) + archivePoints(input.signals, today)));
  return { score, band: strengthBand(score) };
}

export function strengthBand(score: number): StrengthBand {
  if (score >= BAND_THRESHOLDS.strong) return 'strong';
  if (score >= BAND_THRESHOLDS.medium) return 'medium';
  return 'weak';
}

/** Messages as they count: one-to-one ones whole, group ones at `GROUP_MESSAGE_WEIGHT`. */
export function weightedMessages(
  signals: Pick<ArchiveSignals, 'messagesSent' | 'messagesReceived' | 'groupMessages'>,
): number {
  const total = signals.messagesSent + signals.messagesReceived;
  const group = Math.min(signals.groupMessages, total);
  return total - group + group * GROUP_MESSAGE_WEIGHT;
}

/** Weight left of a conversation `days` old: 1 today, ½ after one half-life. */
export function recencyWeight(days: number): number {
  return Math.pow(0.5, Math.max(0, days) / CONVERSATION_HALF_LIFE_DAYS);
}

function staticPoints(input: TieInput): number {
  const years = Math.min(Math.max(input.yearsConnected ?? 0, 0), STRENGTH_POINTS.maxYearsConnected);
  return (
    years * STRENGTH_POINTS.perYearConnected +
    (input.pastColleague ? STRENGTH_POINTS.pastColleague : 0) +
    (input.coEmployedNow ? STRENGTH_POINTS.coEmployedNow : 0)
  );
}

function archivePoints(signals: ArchiveSignals | null, today: Date): number {
  if (!signals) return 0;
  const recommended = signals.recommendationsGiven + signals.recommendationsReceived > 0;
  const endorsements = Math.min(
    signals.endorsementsGiven + signals.endorsementsReceived,
    STRENGTH_POINTS.maxEndorsements,
  );
  return (
    messagePoints(signals, today) +
    (recommended ? STRENGTH_POINTS.recommendation : 0) +
    endorsements * STRENGTH_POINTS.perEndorsement +
    (signals.invitationWithNote ? STRENGTH_POINTS.invitationWithNote : 0)
  );
}

function messagePoints(signals: ArchiveSignals, today: Date): number {
  const weighted = weightedMessages(signals);
  if (weighted <= 0) return 0;
  const volume = Math.min(1, Math.log1p(weighted) / Math.log1p(STRENGTH_POINTS.messagesForFullVolume));
  const twoWay = signals.messagesSent > 0 && signals.messagesReceived > 0;
  const share =
    (twoWay ? 1 : STRENGTH_POINTS.oneWayShare) *
    (signals.lastMessageAnswered === false ? STRENGTH_POINTS.unansweredShare : 1);
  const age = daysSince(signals.lastMessageOn, today);
  const recency = age === null ? 0 : recencyWeight(age);
  return volume * share * (STRENGTH_POINTS.recentMessages * recency + STRENGTH_POINTS.lastingMessages);
}
