import { z } from 'zod';
import { defineRequest } from '../bus/bus-contract.js';
import { columnMappingSchema } from './target-columns.schema.js';
import {
  TARGET_LIST_LIMITS,
  targetListResultsSchema,
  targetResultsPageSchema,
  targetListSchema,
  targetListsResponseSchema,
} from './target-list.schema.js';
import { targetCorrectionSchema } from './target-match.schema.js';
import { skippedTargetRowSchema, targetSchema } from './target-row.schema.js';

// Bus requests of the network service for target lists (docs/targets.md#routes). `teamId` null:
// the caller's own list and network; otherwise the workspace's (NOT_FOUND for a non-member,
// exactly as for an unknown workspace, and for a list of another workspace or user).

const scope = z.object({
  userId: z.number().int(),
  teamId: z.number().int().positive().nullable(),
});
const listRef = scope.extend({ listId: z.uuid() });

export const TARGET_LIST_NOT_FOUND = 'Target list not found';
export const TARGET_LIST_FORBIDDEN =
  "Only the list's creator or the workspace's owner or admins may change it";

/** A read file or paste, already parsed (the gateway reads it with libs/domain's readers). */
export const createTargetListRequestSchema = scope.extend({
  name: targetListSchema.shape.name,
  sourceName: z.string().max(255).nullable(),
  mapping: columnMappingSchema.nullable(),
  targets: z.array(targetSchema).min(1).max(TARGET_LIST_LIMITS.rows),
  skipped: z.array(skippedTargetRowSchema),
});
export type CreateTargetListRequest = z.infer<typeof createTargetListRequestSchema>;

export const networkTargetListsContracts = {
  create: defineRequest('network.target-lists.create', createTargetListRequestSchema, targetListSchema),
  list: defineRequest('network.target-lists.list', scope, targetListsResponseSchema),
  /** The list's targets matched against the network now, ranked (rankTargetResults). */
  results: defineRequest(
    'network.target-lists.results',
    listRef.extend({ page: targetResultsPageSchema.optional() }),
    targetListResultsSchema,
  ),
  /** Creator, or the workspace's owner or admins: else FORBIDDEN. Answers the renamed list. */
  rename: defineRequest(
    'network.target-lists.rename',
    listRef.extend({ name: targetListSchema.shape.name }),
    targetListSchema,
  ),
  /** Creator, or the workspace's owner or admins: else FORBIDDEN. */
  delete: defineRequest('network.target-lists.delete', listRef, z.object({ id: z.uuid() })),
  /**
   * Sets (or, with companyKey null, says "nobody there") one line each, merged by line: the
   * list's other corrections stay. Lines the list does not hold are ignored. Creator, or the
   * workspace's owner or admins: else FORBIDDEN. Answers the results.
   */
  correct: defineRequest(
    'network.target-lists.correct',
    listRef.extend({ corrections: z.array(targetCorrectionSchema).min(1).max(TARGET_LIST_LIMITS.rows) }),
    targetListResultsSchema,
  ),
  /**
   * Removes the correction of one line: the target is matched automatically again. The same
   * callers as `correct` (else FORBIDDEN); NOT_FOUND for a line the list does not hold
   * (`noTargetOnLine`) or one without a correction (`noCorrectionOnLine`). Answers the results.
   */
  removeCorrection: defineRequest(
    'network.target-lists.remove-correction',
    listRef.extend({ line: targetCorrectionSchema.shape.line }),
    targetListResultsSchema,
  ),
  /**
   * Marks the list seen by the caller now: keeps what is covered and by whom, which later results
   * compare with for `isNew` and `newWaysIn` (docs/targets.md#new-ways-in). Reading never does.
   */
  seen: defineRequest('network.target-lists.seen', listRef, z.object({ seenAt: z.string() })),
};
