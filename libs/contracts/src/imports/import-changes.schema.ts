import { z } from 'zod';
import { defineRequest } from '../bus/bus-contract.js';
import { strengthBandSchema } from '../network/archive-signals.schema.js';

/**
 * What an import changed in the network (docs/import.md#what-changed-since-the-last-export), per
 * person matched on the profile URL, else name + company: `new` (not there before), `job-change`
 * (company or position differ; before and after kept), `strength-change` (the archive's signals moved
 * the tie's strength band; docs/import.md#strength-changes), `absent` (there before, not in this
 * export: kept and flagged "not in your latest export", never deleted). People unchanged are counted
 * on the import, not listed.
 */
export const IMPORT_CHANGE_KINDS = ['new', 'job-change', 'strength-change', 'absent'] as const;
export const importChangeKindSchema = z.enum(IMPORT_CHANGE_KINDS);
export type ImportChangeKind = z.infer<typeof importChangeKindSchema>;

const job = z.object({ company: z.string().nullable(), position: z.string().nullable() });

/** A tie's strength on one side of the import (docs/warmth.md#the-model). */
const strengthAt = z.object({ band: strengthBandSchema, score: z.number().int().min(0).max(100) });

/** The band the import's signals moved the tie from, and to. */
export const strengthMoveSchema = z.object({ before: strengthAt, after: strengthAt });
export type StrengthMove = z.infer<typeof strengthMoveSchema>;

export const importChangeSchema = z.object({
  kind: importChangeKindSchema,
  /** The person's id in GET /api/network (gone when they were removed since). */
  connectionId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** Company and position before the import; null for `new` and `strength-change`. */
  before: job.nullable(),
  /** Company and position after the import (now, for `strength-change`); null for `absent`. */
  after: job.nullable(),
  /**
   * Only when the import moved the tie's strength band: every `strength-change`, and a job change
   * or an absence whose band moved too (one row per person and import, kept under its first kind).
   */
  strength: strengthMoveSchema.optional(),
});
export type ImportChange = z.infer<typeof importChangeSchema>;

export const IMPORT_CHANGES_PAGE_SIZE = 50;
export const MAX_IMPORT_CHANGES_PAGE_SIZE = 200;

/** GET /api/imports/{id}/changes?kind=&page=&pageSize= */
export const importChangesQuerySchema = z.object({
  kind: importChangeKindSchema.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_IMPORT_CHANGES_PAGE_SIZE)
    .default(IMPORT_CHANGES_PAGE_SIZE),
});
export type ImportChangesQuery = z.infer<typeof importChangesQuerySchema>;

const count = z.number().int().min(0);

export const importChangesPageSchema = z.object({
  importId: z.uuid(),
  /**
   * Changes of every kind, whatever `kind` asked for. `strength-change` counts every band move,
   * the job changes' too, so the counts may add up to more than the people listed.
   */
  counts: z.object({ new: count, 'job-change': count, 'strength-change': count, absent: count }),
  /** Changes of the kind asked for (all people listed without one). */
  total: count,
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  /** In the order of the kinds above, then by last and first name. */
  changes: z.array(importChangeSchema),
});
export type ImportChangesPage = z.infer<typeof importChangesPageSchema>;

export const importChangesContracts = {
  /** An import's changes, for its owner only (anyone else: NOT_FOUND, as for a missing import). */
  listChanges: defineRequest(
    'network.import.changes',
    importChangesQuerySchema.extend({ importId: z.uuid(), userId: z.number().int() }),
    importChangesPageSchema,
  ),
};
