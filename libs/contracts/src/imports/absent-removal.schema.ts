import { z } from 'zod';
import { defineRequest } from '../bus/bus-contract.js';

/**
 * Removing the people not in the latest export in one action
 * (docs/import.md#removing-the-people-not-in-your-latest-export). They are taken out of the network
 * (graph, table, counts, paths, pooled workspace graphs) with their notes, and the removal can be
 * undone for ABSENT_UNDO_DAYS; after that it is final.
 */
export const ABSENT_UNDO_DAYS = 7;

/** The answers of the two routes when they cannot do what was asked (409, or 410 when too late). */
export const ABSENT_REMOVAL_MESSAGES = {
  notLatest:
    'Only the people missing from your latest export can be removed. Open your latest import to remove them.',
  nothingToRemove: 'Everyone in your network is in your latest export: there is nobody to remove.',
  alreadyRemoved: 'The people not in this export were already removed.',
  nothingToUndo: 'Nothing to undo: no people were removed with this import.',
  alreadyRestored: 'The removal was already undone.',
  undoExpired: `The removal can no longer be undone: it was made more than ${ABSENT_UNDO_DAYS} days ago and is final.`,
} as const;

const count = z.number().int().min(0);

/** POST /api/imports/{id}/remove-absent: how many people were removed, and until when it can be undone. */
export const removeAbsentReplySchema = z.object({
  importId: z.uuid(),
  removed: count,
  /** ISO time; past it the removal is final. */
  undoUntil: z.string(),
});
export type RemoveAbsentReply = z.infer<typeof removeAbsentReplySchema>;

/** POST /api/imports/{id}/restore-absent: the people back in the network, notes included. */
export const restoreAbsentReplySchema = z.object({
  importId: z.uuid(),
  restored: count,
});
export type RestoreAbsentReply = z.infer<typeof restoreAbsentReplySchema>;

/**
 * `undoable` until `undoUntil`, then `final`; `restored` once undone. A removal is listed on its
 * import, the latest one when it was made.
 */
export const ABSENT_REMOVAL_STATES = ['undoable', 'restored', 'final'] as const;

export const absentRemovalSchema = z.object({
  removed: count,
  removedAt: z.string(),
  undoUntil: z.string(),
  restoredAt: z.string().nullable(),
  state: z.enum(ABSENT_REMOVAL_STATES),
});
export type AbsentRemoval = z.infer<typeof absentRemovalSchema>;

/** GET /api/imports/{id}/absent: what the remove and undo buttons of that import need. */
export const absentStatusSchema = z.object({
  importId: z.uuid(),
  /** Whether this is the user's latest import: only then can its absent people be removed. */
  latest: z.boolean(),
  /** People in the network now flagged "not in your latest export". */
  absentNow: count,
  /** The removal made from this import, if any. */
  removal: absentRemovalSchema.nullable(),
});
export type AbsentStatus = z.infer<typeof absentStatusSchema>;

const byImport = z.object({ importId: z.uuid(), userId: z.number().int() });

export const absentRemovalContracts = {
  /** Anyone but the import's owner: NOT_FOUND, exactly as for an unknown import. */
  status: defineRequest('network.absent.status', byImport, absentStatusSchema),
  remove: defineRequest('network.absent.remove', byImport, removeAbsentReplySchema),
  restore: defineRequest('network.absent.restore', byImport, restoreAbsentReplySchema),
};
