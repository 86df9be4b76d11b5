import { z } from 'zod';
import { columnMappingSchema } from './target-columns.schema.js';
import { skippedTargetRowSchema, targetSchema } from './target-row.schema.js';
import { targetCorrectionSchema, targetResultRowSchema } from './target-match.schema.js';

/** What one list may hold (docs/targets.md#files): checked before anything is stored. */
export const TARGET_LIST_LIMITS = {
  rows: 5000,
  bytes: 5 * 1024 * 1024,
  nameChars: 120,
  /** Pasted text: the same rows, as characters. */
  pasteChars: 1_000_000,
} as const;

const listName = z.string().trim().min(1).max(TARGET_LIST_LIMITS.nameChars);

/**
 * A saved target list. `teamId` null: the caller's own list, matched against their own network
 * (/api/target-lists); otherwise the team's, matched against the pooled workspace network
 * (/api/teams/{id}/target-lists) and visible to its members.
 */
export const targetListSchema = z.object({
  id: z.uuid(),
  teamId: z.number().int().nullable(),
  name: listName,
  /** The file it came from ("accounts.xlsx"), or null when pasted. */
  sourceName: z.string().max(255).nullable(),
  targetCount: z.number().int().min(0),
  skippedCount: z.number().int().min(0),
  createdBy: z.number().int(),
  createdAt: z.string(),
  updatedBy: z.number().int(),
  updatedAt: z.string(),
  /** For the reader: new ways in since they last marked the list seen (docs/targets.md#new-ways-in). */
  newWaysIn: z.number().int().min(0).optional(),
});
export type TargetList = z.infer<typeof targetListSchema>;

export const targetListsResponseSchema = z.object({ lists: z.array(targetListSchema) });

/**
 * POST of pasted lines (JSON): one company per line, or a profile URL. A file is posted as
 * multipart (field `file`, plus `name`, and `mapping`: the JSON of the ColumnMapping chosen in the
 * mapping step, docs/targets.md#routes).
 */
export const createTargetListFromTextSchema = z.object({
  name: listName,
  text: z.string().min(1).max(TARGET_LIST_LIMITS.pasteChars),
});
export type CreateTargetListFromText = z.infer<typeof createTargetListFromTextSchema>;

/**
 * `PUT .../{listId}`: rename (docs/targets.md#routes). The file is not kept, so a list cannot be
 * read again with another mapping: to re-map, upload the file again with the chosen `mapping`.
 */
export const TARGET_LIST_NAME_REQUIRED = 'Give the list a name.';
export const updateTargetListSchema = z.object({
  name: z
    .string({ error: TARGET_LIST_NAME_REQUIRED })
    .trim()
    .min(1, TARGET_LIST_NAME_REQUIRED)
    .max(
      TARGET_LIST_LIMITS.nameChars,
      `A list's name is at most ${TARGET_LIST_LIMITS.nameChars} characters.`,
    ),
});
export type UpdateTargetList = z.infer<typeof updateTargetListSchema>;

/**
 * The answer of a read file before it is saved (the mapping step), and of a saved list's rows:
 * the header cells, the mapping used, the targets and every skipped row.
 */
export const targetSheetPreviewSchema = z.object({
  header: z.array(z.string()),
  mapping: columnMappingSchema,
  targets: z.array(targetSchema).max(TARGET_LIST_LIMITS.rows),
  skipped: z.array(skippedTargetRowSchema),
});
export type TargetSheetPreview = z.infer<typeof targetSheetPreviewSchema>;

/** Rows of a list's results per answer at most (a bus message is at most 1 MiB). */
export const TARGET_RESULTS_PAGE_MAX = 1000;

/** `GET .../{listId}?offset=&limit=`: which ranked rows to answer (default: the first page). */
export const targetResultsPageSchema = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(TARGET_RESULTS_PAGE_MAX).default(TARGET_RESULTS_PAGE_MAX),
});
export type TargetResultsPage = z.infer<typeof targetResultsPageSchema>;

/** Coverage of a whole list, whatever page is answered (docs/targets.md#totals). */
export const targetTotalsSchema = z.object({
  /** Targets with at least one way in. */
  covered: z.number().int().min(0),
  /** Covered targets by the warmth band of their best tie. */
  byBand: z.object({
    strong: z.number().int().min(0),
    medium: z.number().int().min(0),
    weak: z.number().int().min(0),
  }),
  /** Per member: how many targets they open (are a connector of), most first. */
  byConnector: z.array(z.object({ userId: z.number().int(), targets: z.number().int().min(0) })),
});
export type TargetTotals = z.infer<typeof targetTotalsSchema>;

/** GET of a list's results: its rows matched against the network now, ranked, one page of them. */
export const targetListResultsSchema = z.object({
  list: targetListSchema,
  rows: z.array(targetResultRowSchema),
  skipped: z.array(skippedTargetRowSchema),
  corrections: z.array(targetCorrectionSchema),
  /** Targets covered (someone can be reached), of targetCount. */
  coveredCount: z.number().int().min(0),
  /** Totals over every row, not only this page. */
  totals: targetTotalsSchema.optional(),
  /** Where `rows` start in the ranked list, and how many ranked rows there are in all. */
  offset: z.number().int().min(0).optional(),
  rowCount: z.number().int().min(0).optional(),
  /** New ways in since the reader last opened the list (rows with isNew); 0 on a first opening. */
  newWaysIn: z.number().int().min(0).optional(),
  /** When the reader last opened it before this answer; null the first time. */
  lastOpenedAt: z.string().nullable().optional(),
});
export type TargetListResults = z.infer<typeof targetListResultsSchema>;
