import { z } from 'zod';

const count = z.number().int().min(0);
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * What a member's LinkedIn archive says of their relationship with one person: numbers and dates
 * only, never message text, subjects or invitation notes (docs/warmth.md). Mirrors libs/domain's
 * ArchiveSignals.
 */
export const archiveSignalsSchema = z.object({
  messagesSent: count,
  messagesReceived: count,
  groupMessages: count,
  directConversations: count,
  groupConversations: count,
  firstMessageOn: isoDay.nullable(),
  lastMessageOn: isoDay.nullable(),
  lastMessageAnswered: z.boolean().nullable(),
  invitedBy: z.enum(['member', 'person']).nullable(),
  invitationWithNote: z.boolean(),
  invitedOn: isoDay.nullable(),
  endorsementsGiven: count,
  endorsementsReceived: count,
  recommendationsGiven: count,
  recommendationsReceived: count,
  recommendationGivenOn: isoDay.nullable(),
  recommendationReceivedOn: isoDay.nullable(),
});
export type ArchiveSignalsView = z.infer<typeof archiveSignalsSchema>;

export const STRENGTH_BAND_VALUES = ['strong', 'medium', 'weak'] as const;
export const strengthBandSchema = z.enum(STRENGTH_BAND_VALUES);

/** People's signals per message of network.import.signals: ~400 bytes each, well under NATS' 1 MiB. */
export const SIGNALS_BATCH_PEOPLE = 1000;

export const recommendationSignalsSchema = z.object({
  given: count,
  received: count,
  givenOn: isoDay.nullable(),
  receivedOn: isoDay.nullable(),
});

/** One batch of an import's signals: people by canonical profile URL, recommendations by name. */
export const importSignalsRequestSchema = z.object({
  importId: z.uuid(),
  userId: z.number().int(),
  people: z
    .array(z.object({ url: z.string().min(1).max(500), signals: archiveSignalsSchema }))
    .max(SIGNALS_BATCH_PEOPLE),
  recommendations: z
    .array(z.object({ name: z.string().min(1).max(300), signals: recommendationSignalsSchema }))
    .max(SIGNALS_BATCH_PEOPLE),
  /**
   * The import's last batch: the owner's signals written by earlier imports are deleted (a newer
   * archive replaces an older one), and the totals of the import are answered.
   */
  final: z.boolean(),
});
export type ImportSignalsRequest = z.infer<typeof importSignalsRequestSchema>;

export const importSignalsReplySchema = z.object({
  /** People of this batch found among the owner's connections. */
  matched: count,
  /** People of this batch who are not connections (ignored), and their messages. */
  ignoredPeople: count,
  ignoredMessages: count,
  /**
   * People whose strength band the import moved, recorded by its final batch (0 before it;
   * docs/import.md#strength-changes). Absent from a network service of before the field.
   */
  strengthChanges: count.optional(),
});
export type ImportSignalsReply = z.infer<typeof importSignalsReplySchema>;
