import { type ArchiveSignals, daysSince } from './archive-signals.js';
import { BAND_THRESHOLDS, recencyWeight, tieStrength, weightedMessages } from './tie-strength.js';

/** "Talked in the last 12 months": a message either way at most this many days ago. */
export const TALKED_RECENTLY_DAYS = 365;

/** "Going cold": the last message is at least this many days old (docs/warmth.md#going-cold). */
export const GOING_COLD_SILENT_DAYS = 365;

/** The signals these rules read: counts and the last message's day. */
export type MessageFacts = Pick<
  ArchiveSignals,
  'messagesSent' | 'messagesReceived' | 'groupMessages' | 'lastMessageOn'
>;

/**
 * A message was written either way, the last one at most `TALKED_RECENTLY_DAYS` ago
 * (docs/warmth.md#talked-in-the-last-12-months). Undated messages do not count.
 */
export function talkedRecently(signals: MessageFacts | null | undefined, today: Date): boolean {
  if (!signals || signals.messagesSent + signals.messagesReceived === 0) return false;
  const days = daysSince(signals.lastMessageOn, today);
  return days !== null && days <= TALKED_RECENTLY_DAYS;
}

/**
 * How much of a person's messages is recent: the weighted messages (group ones at a fifth) times
 * the weight left after the conversation's age (half-life 180 days). 0 for undated messages.
 */
export function recentMessageWeight(signals: MessageFacts, today: Date): number {
  const days = daysSince(signals.lastMessageOn, today);
  if (days === null) return 0;
  return weightedMessages(signals) * recencyWeight(days);
}

/**
 * The score the archive's signals alone gave the tie on the day of its last message: what the tie
 * was at its warmest, without years connected or colleagues. Null without a dated message.
 */
export function scoreAtLastMessage(signals: ArchiveSignals): number | null {
  if (!signals.lastMessageOn) return null;
  const day = new Date(`${signals.lastMessageOn}T12:00:00Z`);
  if (Number.isNaN(day.getTime())) return null;
  return tieStrength({ signals, yearsConnected: null, pastColleague: false, coEmployedNow: false }, day)
    .score;
}

/**
 * Going cold (docs/warmth.md#going-cold): on the day of the last message the archive's signals
 * alone scored the tie strong (`scoreAtLastMessage` ≥ 40), and that message is
 * `GOING_COLD_SILENT_DAYS` or more old.
 */
export function isGoingCold(signals: ArchiveSignals | null | undefined, today: Date): boolean {
  if (!signals) return false;
  const days = daysSince(signals.lastMessageOn, today);
  if (days === null || days < GOING_COLD_SILENT_DAYS) return false;
  return (scoreAtLastMessage(signals) ?? 0) >= BAND_THRESHOLDS.strong;
}

export interface PersonWithSignals {
  id: string;
  signals?: ArchiveSignals;
}

/**
 * Who you talk to most: people you talked with in the last 12 months, most recent message weight
 * first (ties by id), at most `limit`.
 */
export function topTalkers<P extends PersonWithSignals>(
  people: readonly P[],
  today: Date,
  limit: number,
): { person: P; weight: number }[] {
  const ranked: { person: P; weight: number }[] = [];
  for (const person of people)
    if (person.signals && talkedRecently(person.signals, today))
      ranked.push({ person, weight: recentMessageWeight(person.signals, today) });
  return ranked.sort((a, b) => b.weight - a.weight || compareText(a.person.id, b.person.id)).slice(0, limit);
}

/** The ties going cold, warmest once first, then the longest silent, at most `limit`. */
export function goingCold<P extends PersonWithSignals>(
  people: readonly P[],
  today: Date,
  limit: number,
): { person: P; scoreThen: number; lastMessageOn: string }[] {
  const cold: { person: P; scoreThen: number; lastMessageOn: string }[] = [];
  for (const person of people) {
    const { signals } = person;
    if (!signals?.lastMessageOn || !isGoingCold(signals, today)) continue;
    cold.push({ person, scoreThen: scoreAtLastMessage(signals) ?? 0, lastMessageOn: signals.lastMessageOn });
  }
  return cold
    .sort(
      (a, b) =>
        b.scoreThen - a.scoreThen ||
        compareText(a.lastMessageOn, b.lastMessageOn) ||
        compareText(a.person.id, b.person.id),
    )
    .slice(0, limit);
}

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
