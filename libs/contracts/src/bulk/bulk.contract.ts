import { z } from 'zod';
import { defineEvent, defineRequest } from '../bus/bus-contract.js';
import { importFailureSchema, importStatusSchema } from '../imports/imports.schema.js';
import { bulkImportSchema, claimedSourceSchema, workspaceSourceSchema } from './bulk.schema.js';

const caller = z.object({ userId: z.number().int() });
const inWorkspace = caller.extend({ teamId: z.number().int().positive() });
const ofSource = inWorkspace.extend({ sourceId: z.number().int().positive() });

/** An uploaded object in the import bucket, as the gateway stored it. */
export const bulkUploadSchema = z.object({
  objectName: z.string().min(1).max(200),
  sizeBytes: z.number().int().min(0),
  digest: z.string().min(1).max(200),
});
export type BulkUpload = z.infer<typeof bulkUploadSchema>;

/** One file of a bulk as received: stored (upload) or refused already (error). */
export const bulkFileInputSchema = z.object({
  fileName: z.string().max(255),
  sourceName: z.string().max(255),
  email: z.string().max(254).nullable(),
  upload: bulkUploadSchema.nullable(),
  error: importFailureSchema.nullable(),
});
export type BulkFileInput = z.infer<typeof bulkFileInputSchema>;

/** What a ZIP of several exports holds, one per person (or `single`: it is one LinkedIn archive). */
export const bulkSplitReplySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('single') }),
  z.object({
    kind: z.literal('split'),
    exports: z.array(bulkFileInputSchema.omit({ email: true })),
  }),
]);
export type BulkSplitReply = z.infer<typeof bulkSplitReplySchema>;

/** Teams service: sources (uploaded exports) of a workspace and the bulks that made them. */
export const bulkContracts = {
  /** NOT_FOUND for a non-member, FORBIDDEN for a plain member: asked before any byte is stored. */
  checkManage: defineRequest(
    'teams.source.check-manage',
    inWorkspace,
    z.object({ allowed: z.literal(true) }),
  ),
  /** Records a bulk: each stored file becomes (or replaces, by name) a source and its import starts. */
  createBulk: defineRequest(
    'teams.bulk.create',
    inWorkspace.extend({ bulkId: z.uuid(), files: z.array(bulkFileInputSchema).min(1).max(200) }),
    bulkImportSchema,
  ),
  /** A bulk's files with their imports' states and counts; NOT_FOUND for a non-member of its workspace. */
  getBulk: defineRequest('teams.bulk.get', caller.extend({ bulkId: z.uuid() }), bulkImportSchema),
  listSources: defineRequest('teams.source.list', inWorkspace, z.array(workspaceSourceSchema)),
  /** A newer export of one source (owner, admin): answered as a bulk of one file. */
  replaceSource: defineRequest(
    'teams.source.replace',
    ofSource.extend({ bulkId: z.uuid(), file: bulkFileInputSchema }),
    bulkImportSchema,
  ),
  deleteSource: defineRequest('teams.source.delete', ofSource, z.object({ deleted: z.literal(true) })),
  /** The member the export was named for (by e-mail) makes it their own network. */
  claimSource: defineRequest('teams.source.claim', ofSource, claimedSourceSchema),
};

export const bulkEvents = {
  /** A source was added, replaced, deleted or claimed: the workspace's pooled network changes. */
  sourceChanged: defineEvent(
    'teams.source.changed',
    z.object({
      teamId: z.number().int().positive(),
      sourceId: z.number().int().positive(),
      change: z.enum(['created', 'deleted', 'claimed']),
    }),
  ),
};

/** Import worker: what a bulk needs beyond the one-user import routes. */
export const bulkImportsContracts = {
  /** Statuses of imports by id, whoever owns them: the caller (teams) has authorised the reader. */
  getStatuses: defineRequest(
    'imports.import.statuses',
    z.object({ importIds: z.array(z.uuid()).max(500) }),
    z.object({ imports: z.array(importStatusSchema) }),
  ),
  /** Splits a ZIP of several exports into one stored object per export (docs/import.md limits). */
  split: defineRequest(
    'imports.bulk.split',
    z.object({ objectName: z.string().min(1).max(200), fileName: z.string().max(255) }),
    bulkSplitReplySchema,
  ),
};

/** Network service: a source's stored people (owner id negative, never a user's). */
export const networkSourceContracts = {
  deleteSource: defineRequest(
    'network.source.delete',
    z.object({ ownerId: z.number().int().negative() }),
    z.object({ deleted: z.number().int().min(0) }),
  ),
  /** Moves a source's people to a user with no network of their own; CONFLICT when they have one. */
  claimSource: defineRequest(
    'network.source.claim',
    z.object({ ownerId: z.number().int().negative(), userId: z.number().int().positive() }),
    z.object({ people: z.number().int().min(0) }),
  ),
};
