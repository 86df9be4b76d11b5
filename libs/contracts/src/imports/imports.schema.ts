import { z } from 'zod';
import { defineEvent, defineRequest } from '../bus/bus-contract.js';
import { connectionSchema, relationshipSchema } from '../network/network.schema.js';

/**
 * The life of an import: queued until a worker takes it, parsing while the file streams into
 * staging, saving while the rows are merged into the network, linking while the company links
 * of the touched companies are regenerated, then completed or failed.
 */
export const IMPORT_STATES = ['queued', 'parsing', 'saving', 'linking', 'completed', 'failed'] as const;
export const importStateSchema = z.enum(IMPORT_STATES);
export type ImportState = z.infer<typeof importStateSchema>;
export const ACTIVE_IMPORT_STATES = [
  'queued',
  'parsing',
  'saving',
  'linking',
] as const satisfies readonly ImportState[];

export const isTerminalImportState = (state: ImportState): boolean =>
  state === 'completed' || state === 'failed';

/** How many skipped rows an import reports line by line; the rest are only counted. */
export const MAX_REPORTED_SKIPPED_ROWS = 100;

export const skippedRowSchema = z.object({
  /** 1-based line of the file where the row starts. */
  line: z.number().int().positive(),
  reason: z.string(),
});
export type SkippedRowReport = z.infer<typeof skippedRowSchema>;

/**
 * What an import did to a row it still imported (docs/product.md#imports): `invalid-email`, a value
 * in the e-mail column that is not an e-mail address, dropped (the person is kept);
 * `extra-empty-fields`, empty values past the header's last column, ignored (see docs/import.md).
 */
export const IMPORT_WARNING_KINDS = ['invalid-email', 'extra-empty-fields'] as const;
export const importWarningKindSchema = z.enum(IMPORT_WARNING_KINDS);
export type ImportWarningKind = z.infer<typeof importWarningKindSchema>;

/** How many warnings an import reports line by line; the rest are only counted, per kind. */
export const MAX_REPORTED_WARNINGS = 100;

export const rowWarningSchema = z.object({
  line: z.number().int().positive(),
  kind: importWarningKindSchema,
  /** What was done, in words a user understands. */
  message: z.string(),
});
export type RowWarning = z.infer<typeof rowWarningSchema>;

/**
 * Why an import failed. `code` is an ImportFileError code of libs/domain for a file that cannot be
 * used (EMPTY_FILE, NO_HEADER, INVALID_UTF8 ...), or MALFORMED_CSV, FILE_MISSING, RETRIES_EXHAUSTED.
 * `message` is shown to the user as it is.
 */
export const importFailureSchema = z.object({ code: z.string(), message: z.string() });
export type ImportFailure = z.infer<typeof importFailureSchema>;

const count = z.number().int().min(0);

/** GET /api/imports/{id}, and each `progress` event of GET /api/imports/{id}/events. */
/**
 * What the archive's relationship files gave (docs/warmth.md): the files read, the connections
 * they said something about, and the people ignored because they are not connections.
 */
export const importSignalsReportSchema = z.object({
  /** The files read, as named in the archive, with their data rows. */
  files: z.array(z.object({ name: z.string(), rows: count })),
  /** Files that broke off (bad quoting, not text): what was read before counts. */
  unreadableFiles: z.array(z.string()),
  /** Messages read from messages.csv. */
  messages: count,
  /** Connections with at least one signal. */
  connections: count,
  /** People in the files who are not connections: ignored, and their messages. */
  ignoredPeople: count,
  ignoredMessages: count,
  /** People whose strength band the archive moved (docs/import.md#strength-changes); absent from older reports. */
  strengthChanges: count.optional(),
});
export type ImportSignalsReport = z.infer<typeof importSignalsReportSchema>;

export const importStatusSchema = z.object({
  id: z.uuid(),
  state: importStateSchema,
  fileName: z.string(),
  sizeBytes: count,
  /** Data rows read so far (blank lines not counted). */
  rowsRead: count,
  /** People added to the network. */
  imported: count,
  /** People already there whose details changed (position, company ...). */
  updated: count,
  /** People already there, unchanged. */
  unchanged: count,
  /** People among `updated` whose company or position changed (a job change). */
  jobChanges: count,
  /** People stored before and missing from this export (kept, flagged "not in your latest export"). */
  absent: count,
  /** Rows that could not be used (see skippedRows). */
  skipped: count,
  /** Company links of the network after the import. */
  relationships: count,
  /** The first MAX_REPORTED_SKIPPED_ROWS skipped rows, in file order. */
  skippedRows: z.array(skippedRowSchema).max(MAX_REPORTED_SKIPPED_ROWS),
  /** Rows imported with a warning, counted per kind. */
  warningCounts: z.object({ 'invalid-email': count, 'extra-empty-fields': count }),
  /** The first MAX_REPORTED_WARNINGS warnings, in file order. */
  warnings: z.array(rowWarningSchema).max(MAX_REPORTED_WARNINGS),
  error: importFailureSchema.nullable(),
  /** The archive's relationship signals; null for a CSV upload or an archive without such files. */
  signals: importSignalsReportSchema.nullable().optional(),
  /** 1 for the first try; more after a retry. */
  attempt: count,
  createdAt: z.string(),
  updatedAt: z.string(),
  completedAt: z.string().nullable(),
});
export type ImportStatus = z.infer<typeof importStatusSchema>;

/** The 202 answer of an upload: where to follow the import. */
export const importAcceptedSchema = importStatusSchema.extend({
  /** True when the same file was already being imported and this upload joined that import. */
  joined: z.boolean(),
  statusUrl: z.string(),
  eventsUrl: z.string(),
});
export type ImportAccepted = z.infer<typeof importAcceptedSchema>;

/**
 * The import result (docs/product.md#entities): the network after the import, the user's own node
 * included.
 */
export const importResultSchema = z.object({
  connections: z.array(connectionSchema),
  relationships: z.array(relationshipSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** Texts of docs/product.md#uploads (upload checks), as the server answers them in `message` and `error`. */
export const IMPORT_UPLOAD_MESSAGES = {
  /** The OAuth/CSV dialog ('Invalid file format - ...'). */
  invalidFileFormat: 'Please upload a CSV file exported from LinkedIn.',
  /** The 'Import LinkedIn Data' dialog ('Invalid File - ...'). */
  invalidFile: 'Please upload a CSV file.',
  /** The OAuth/CSV dialog ('No file selected - ...'). */
  noFileSelected: 'Please select a CSV file to upload.',
  /** The 'Import LinkedIn Data' dialog ('No File Selected - ...'). */
  noFileSelectedData: 'Please select a file to import.',
} as const;

/** 413 text; the limit comes from the gateway's IMPORT_MAX_FILE_BYTES. */
export function fileTooLargeMessage(maxBytes: number): string {
  const mebibytes = maxBytes / (1024 * 1024);
  const limit = Number.isInteger(mebibytes) ? `${mebibytes} MB` : `${maxBytes} bytes`;
  return `The file is larger than the ${limit} limit. Export your connections again, or split the file, and upload it again.`;
}

/** JetStream Object Store bucket holding uploads until their import ends (the claim check). */
export function importUploadBucket(natsPrefix: string): string {
  return natsPrefix ? `${natsPrefix}_imports` : 'imports';
}

const importId = z.uuid();
const userId = z.number().int();

export const createImportRequestSchema = z.object({
  importId,
  userId,
  fileName: z.string().max(255),
  /** Name of the uploaded object in the upload bucket. */
  objectName: z.string().min(1).max(200),
  sizeBytes: count,
  /** Digest of the uploaded bytes (as the object store reports it): the same file joins a running import. */
  digest: z.string().min(1).max(200),
});
export type CreateImportRequest = z.infer<typeof createImportRequestSchema>;

export const createImportReplySchema = z.object({ status: importStatusSchema, joined: z.boolean() });

export const previewRequestSchema = z.object({
  objectName: z.string().min(1).max(200),
  fileName: z.string().max(255),
});

/** The preview's JSON (an ImportResult) is written to the upload bucket: it may be larger than a NATS message. */
export const previewReplySchema = z.object({
  resultObject: z.string(),
  connections: count,
  relationships: count,
});

/** How many imports GET /api/imports lists (the newest). */
export const MAX_LISTED_IMPORTS = 100;

/** GET /api/imports: the caller's imports, newest first (date, file name, counts, state). */
export const importListSchema = z.object({ imports: z.array(importStatusSchema).max(MAX_LISTED_IMPORTS) });
export type ImportList = z.infer<typeof importListSchema>;

export const importProgressedSchema = importStatusSchema.extend({ userId });
export type ImportProgressed = z.infer<typeof importProgressedSchema>;

/** Subjects of the import-worker service. */
export const importsContracts = {
  /** Records an import of an uploaded object and queues it (or joins the running import of the same file). */
  createImport: defineRequest('imports.import.create', createImportRequestSchema, createImportReplySchema),
  /** The import's status, for its owner only (anyone else gets NOT_FOUND). */
  getImport: defineRequest('imports.import.get', z.object({ importId, userId }), importStatusSchema),
  /** Parses an uploaded object and answers what an import would give, storing nothing (anonymous route). */
  createPreview: defineRequest('imports.preview.create', previewRequestSchema, previewReplySchema),
  /** The user's imports, newest first (the last MAX_LISTED_IMPORTS). */
  listImports: defineRequest('imports.import.list', z.object({ userId }), importListSchema),
  /** Every change of an import's state or counters (throttled while parsing). */
  importProgressed: defineEvent('imports.import.progressed', importProgressedSchema),
};
