import { z } from 'zod';
import { importFailureSchema, importStateSchema } from '../imports/imports.schema.js';

/**
 * Bulk imports into a workspace (docs/workspace-sources.md): an owner or admin uploads many exports at once,
 * each named for the person it belongs to, and each becomes a *source* of the workspace: pooled
 * like a member's network (sharing "names": name, company, position), never visible outside it.
 */

/** How long a source's name may be (the person the export belongs to). */
export const SOURCE_NAME_MAX = 100;

export const BULK_MESSAGES = {
  noFile: 'Please select one or more export files to upload.',
  notCsv: 'Please upload CSV files or ZIP archives exported from LinkedIn.',
  sourceNameRequired: 'The name of the person this export belongs to is required.',
  sourceNameTooLong: `The name of the person this export belongs to must be at most ${SOURCE_NAME_MAX} characters.`,
  invalidEmail: 'Invalid email address',
  tooManyFiles: (max: number) => `At most ${max} exports can be uploaded at once.`,
  bulkNotFound: 'Bulk import not found',
  sourceNotFound: 'Uploaded export not found',
  invalidSourceId: 'Invalid export id',
  manageForbidden: 'Only the owner and admins can upload, replace or delete exports in this workspace',
  claimForbidden: 'This export was uploaded for someone else.',
  sourceBusy: 'This export is still importing; try again when it has finished.',
  alreadyHasNetwork:
    'You already have your own network. Import your own LinkedIn export from the dashboard instead; this uploaded export stays in the workspace.',
  claimPrompt: 'An export was uploaded for you — claim it',
  zipWithoutExports:
    'This ZIP archive holds no exports. Put one CSV file, LinkedIn archive or folder per person in it, named for that person.',
} as const;

export const sourceNameSchema = z
  .string()
  .trim()
  .min(1, BULK_MESSAGES.sourceNameRequired)
  .max(SOURCE_NAME_MAX, BULK_MESSAGES.sourceNameTooLong);

export const sourceEmailSchema = z.email(BULK_MESSAGES.invalidEmail).max(254);

/** A file's state: its import's, or `failed` for a file refused before any import started. */
export const bulkFileStateSchema = importStateSchema;

const count = z.number().int().min(0);

/** What happened to a file's rows (its import's row accounting, docs/import.md). */
export const bulkFileCountsSchema = z.object({
  rowsRead: count,
  imported: count,
  updated: count,
  unchanged: count,
  jobChanges: count,
  absent: count,
  skipped: count,
  relationships: count,
});
export type BulkFileCounts = z.infer<typeof bulkFileCountsSchema>;

export const bulkFileSchema = z.object({
  fileName: z.string(),
  /** The person the export belongs to (the source's name). */
  sourceName: z.string(),
  sourceId: z.number().int().positive().nullable(),
  status: bulkFileStateSchema,
  /** Null for a file refused before its import was recorded (see error). */
  importId: z.uuid().nullable(),
  error: importFailureSchema.optional(),
  counts: bulkFileCountsSchema.optional(),
});
export type BulkFile = z.infer<typeof bulkFileSchema>;

/** GET /api/bulk-imports/{id} and each `progress` event of its events route. */
export const bulkImportSchema = z.object({
  id: z.uuid(),
  teamId: z.number().int().positive(),
  createdAt: z.string(),
  files: z.array(bulkFileSchema),
});
export type BulkImport = z.infer<typeof bulkImportSchema>;

/** The 202 answer of POST /api/teams/{id}/bulk-imports. */
export const bulkImportAcceptedSchema = bulkImportSchema.extend({
  statusUrl: z.string(),
  eventsUrl: z.string(),
});
export type BulkImportAccepted = z.infer<typeof bulkImportAcceptedSchema>;

/** GET /api/teams/{id}/sources: one uploaded export of the workspace. */
export const workspaceSourceSchema = z.object({
  id: z.number().int().positive(),
  teamId: z.number().int().positive(),
  name: z.string(),
  /** Only shown to owners and admins, and to the person it names. */
  email: z.string().nullable(),
  /** "Uploaded export: <name>", as the pooled graph labels its node. */
  label: z.string(),
  /** Its node's user id in the pooled graph (`u<ownerId>`; negative, never a user's). */
  ownerId: z.number().int().negative(),
  uploadedById: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The latest import of this export, with its state and counts. */
  latest: bulkFileSchema.nullable(),
  /** True for the member whose account e-mail is the one the export was named with. */
  claimable: z.boolean(),
});
export type WorkspaceSource = z.infer<typeof workspaceSourceSchema>;

export const claimedSourceSchema = z.object({
  claimed: z.literal(true),
  /** People now in the claimer's own network. */
  people: count,
});
export type ClaimedSource = z.infer<typeof claimedSourceSchema>;

/** Label of a source's node in the pooled graph and in lists. */
export const sourceLabel = (name: string): string => `Uploaded export: ${name}`;
