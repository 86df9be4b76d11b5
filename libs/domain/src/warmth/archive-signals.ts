/**
 * What a member's LinkedIn archive says about their relationship with one person: numbers and
 * dates only. Message text, subjects and invitation notes are never part of it (docs/warmth.md,
 * "What is never stored"). Dates are ISO days (yyyy-mm-dd) in UTC.
 */
export interface ArchiveSignals {
  /** Messages the member wrote into conversations this person is in. */
  messagesSent: number;
  /** Messages this person wrote to the member. */
  messagesReceived: number;
  /** Of the sent and received messages, those in group conversations (three people or more). */
  groupMessages: number;
  /** Conversations of just the two of them. */
  directConversations: number;
  /** Conversations with at least one other person. */
  groupConversations: number;
  firstMessageOn: string | null;
  lastMessageOn: string | null;
  /**
   * The last exchange went both ways: each side's latest message lies within
   * `ANSWERED_WITHIN_DAYS` of the other's. Null when no message was exchanged.
   */
  lastMessageAnswered: boolean | null;
  /** Who sent the accepted invitation that connected them, when the archive says. */
  invitedBy: 'member' | 'person' | null;
  /** The invitation carried a personal note (its text is never kept). */
  invitationWithNote: boolean;
  invitedOn: string | null;
  /** Skills the member endorsed for this person, and this person for the member. */
  endorsementsGiven: number;
  endorsementsReceived: number;
  recommendationsGiven: number;
  recommendationsReceived: number;
  /** Latest recommendation each way. */
  recommendationGivenOn: string | null;
  recommendationReceivedOn: string | null;
}

/** Within this many days, two messages in opposite directions are a question and its answer. */
export const ANSWERED_WITHIN_DAYS = 30;

/** Signals of a person the archive says nothing about. */
export function emptyArchiveSignals(): ArchiveSignals {
  return {
    messagesSent: 0,
    messagesReceived: 0,
    groupMessages: 0,
    directConversations: 0,
    groupConversations: 0,
    firstMessageOn: null,
    lastMessageOn: null,
    lastMessageAnswered: null,
    invitedBy: null,
    invitationWithNote: false,
    invitedOn: null,
    endorsementsGiven: 0,
    endorsementsReceived: 0,
    recommendationsGiven: 0,
    recommendationsReceived: 0,
    recommendationGivenOn: null,
    recommendationReceivedOn: null,
  };
}

/** Whole days from an ISO day to `today` (UTC); null for no date; 0 for a future date. */
export function daysSince(isoDay: string | null, today: Date): number | null {
  if (!isoDay) return null;
  const time = Date.parse(`${isoDay.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(time)) return null;
  const startOfToday = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Math.max(0, Math.floor((startOfToday - time) / DAY_MS));
}

const DAY_MS = 86_400_000;
