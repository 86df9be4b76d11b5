import { z } from 'zod';
import { defineBytesRequest, defineEvent, defineRequest } from '../bus/bus-contract.js';
import { connectionSchema, relationshipSchema, type FunctionCategory } from '../network/network.schema.js';

/**
 * Columns of one staged row, in order. A batch travels as PostgreSQL COPY text (one line per row,
 * tab-separated, see encodeStagedRows): the network service streams it into its staging table
 * without parsing a single row, and Postgres checks every value against the column types and
 * sizes (the same as the connections table). Validating 300,000 rows as JSON tuples with zod on
 * both sides cost more than parsing the CSV itself (docs/performance.md#figures-behind-choices-in-the-code).
 */
export const STAGED_ROW_COLUMNS = [
  'line',
  'match_key',
  'name_key',
  'first_name',
  'last_name',
  'email',
  'linkedin_url',
  'company',
  'company_key',
  'position',
  'connected_on',
  'industry',
  'location',
  'category',
  'seniority',
] as const;

/** One normalised row as the worker stages it, in STAGED_ROW_COLUMNS order. */
export type StagedRow = [
  line: number,
  /** `url:<canonical profile URL>` or `name:<name>|<company key>`. */
  matchKey: string,
  /** The name + company key even when there is a URL, to adopt people imported without one. */
  nameKey: string,
  firstName: string,
  lastName: string,
  email: string | null,
  linkedinUrl: string | null,
  company: string | null,
  companyKey: string | null,
  position: string | null,
  /** yyyy-mm-dd */
  connectedOn: string | null,
  industry: string | null,
  location: string | null,
  category: FunctionCategory,
  seniority: number,
];

/** Rows per staging message; the worker also cuts a batch early when it nears STAGE_BATCH_MAX_BYTES. */
export const STAGE_BATCH_ROWS = 2000;
/** Bytes a staging message's body stays under (NATS' default max_payload is 1 MiB). */
export const STAGE_BATCH_MAX_BYTES = 700 * 1024;

const importRef = { importId: z.uuid(), userId: z.number().int() };

export const commitImportReplySchema = z.object({
  inserted: z.number().int().min(0),
  updated: z.number().int().min(0),
  unchanged: z.number().int().min(0),
  /** People among `updated` whose company or position changed (see import-changes.schema). */
  jobChanges: z.number().int().min(0),
  /** People stored before and missing from this export, now flagged "not in your latest export". */
  absent: z.number().int().min(0),
  /** Companies whose links must be regenerated. */
  touchedCompanies: z.number().int().min(0),
  /** True when this import had already been committed (a retry after a crash): nothing was written again. */
  alreadyCommitted: z.boolean(),
});
export type CommitImportReply = z.infer<typeof commitImportReplySchema>;

export const linkImportReplySchema = z.object({
  /** Company links of the whole network after the import. */
  relationships: z.number().int().min(0),
  version: z.string(),
});

/**
 * Where the next page of an import result starts; null on the last page. In the 'connections'
 * phase `afterId` is the id of the last person sent (people go in the order of their id as text,
 * as GET /api/network lists them); in the 'relationships' phase it is the index of the next
 * company link (decimal text) in the derived links' order, which is stable for one network
 * version. Company links are derived when the network is read and have no stored row id.
 */
export const resultCursorSchema = z.object({
  phase: z.enum(['connections', 'relationships']),
  afterId: z.string().regex(/^\d+$/),
});
export type ResultCursor = z.infer<typeof resultCursorSchema>;

export const resultPageReplySchema = z.object({
  connections: z.array(connectionSchema),
  relationships: z.array(relationshipSchema),
  totalConnections: z.number().int().min(0),
  totalRelationships: z.number().int().min(0),
  next: resultCursorSchema.nullable(),
});
export type ResultPage = z.infer<typeof resultPageReplySchema>;

export const importCompletedSchema = z.object({
  ...importRef,
  /** The owner's network version after the import (snapshots and caches are keyed by it). */
  version: z.string(),
  inserted: z.number().int().min(0),
  updated: z.number().int().min(0),
  relationships: z.number().int().min(0),
});
export type ImportCompleted = z.infer<typeof importCompletedSchema>;

const stageMetaSchema = z.object({
  ...importRef,
  attempt: z.number().int().positive(),
  rowCount: z.number().int().min(1).max(STAGE_BATCH_ROWS),
});
const stageRowsReplySchema = z.object({ staged: z.number().int().min(0) });
const commitImportRequestSchema = z.object({ ...importRef, attempt: z.number().int().positive() });

export const openImportReplySchema = z.discriminatedUnion('mode', [
  /** `instance` names the network instance that holds the import's transaction. */
  z.object({ mode: z.literal('direct'), instance: z.string().regex(/^[a-z0-9]{1,32}$/) }),
  z.object({ mode: z.literal('staged') }),
]);
export type OpenImportReply = z.infer<typeof openImportReplySchema>;

/**
 * The network service's write side of an import. Staging is per (import, attempt): a retry stages
 * again under a new attempt and only the committing attempt's rows are merged, so a worker killed
 * mid-import never leaves half a file behind.
 */
export const networkImportContracts = {
  /**
   * One batch of the attempt's rows: the body is `rowCount` rows of COPY text (encodeStagedRows) in
   * UTF-8, sent as bytes (no JSON around 70 MB of text for a 300,000-row file), without import id
   * and attempt: the service adds them.
   */
  stageRows: defineBytesRequest(
    'network.import.stage',
    stageMetaSchema,
    STAGE_BATCH_MAX_BYTES,
    stageRowsReplySchema,
  ),
  /**
   * Asks how to write an import's rows. A first import (the owner has no people yet) is written
   * `direct`: one network instance holds a transaction open for it and inserts each batch into
   * connections as it arrives (the merge runs while the file is still being parsed), and the
   * batches, the commit and an abort go to that instance (directImportContracts). Otherwise, or
   * when the owner's network is busy or the instance has no room, it is `staged` (stageRows, then
   * commit).
   */
  openImport: defineRequest(
    'network.import.open',
    z.object({ ...importRef, attempt: z.number().int().positive() }),
    openImportReplySchema,
  ),
  /** Merges the attempt's staged rows into the owner's connections in one transaction (idempotent per import). */
  commit: defineRequest('network.import.commit', commitImportRequestSchema, commitImportReplySchema),
  /**
   * Regenerates the company links of the companies the commit touched, then publishes
   * importCompleted. `pastCompanyKeys`: the company keys of the member's own jobs (the archive's
   * Positions.csv, docs/import.md#the-linkedin-archive): people working at one of them are marked
   * hasWorkedWith, the others not; absent (a plain CSV) leaves the marks as they are.
   */
  link: defineRequest(
    'network.import.link',
    z.object({
      ...importRef,
      pastCompanyKeys: z.array(z.string().min(1).max(200)).max(100).nullable().optional(),
    }),
    linkImportReplySchema,
  ),
  /** Drops the staged rows of an import that failed. */
  discard: defineRequest(
    'network.import.discard',
    z.object({ importId: z.uuid() }),
    z.object({ discarded: z.number().int().min(0) }),
  ),
  /** The owner's stored network, page by page (each page stays well under the NATS payload limit). */
  resultPage: defineRequest(
    'network.import.result-page',
    z.object({
      userId: z.number().int(),
      cursor: resultCursorSchema.nullable(),
      /**
       * The first page only: when the network has more people than this, answer just the totals
       * (no people, no links, no next page) without loading the network.
       */
      maxConnections: z.number().int().positive().optional(),
    }),
    resultPageReplySchema,
  ),
  importCompleted: defineEvent('network.import.completed', importCompletedSchema),
};

/**
 * A direct import's messages (see openImport), answered only by the network instance that holds
 * its transaction: the batches (each inserted into connections at once, in arrival order), the
 * commit, and an abort that rolls everything back. A batch or commit that finds no open
 * transaction (the instance restarted, or rolled back an import idle too long) is refused with
 * SERVICE_UNAVAILABLE, and the worker tries the import again.
 */
export function directImportContracts(instance: string) {
  const subject = (verb: string) => `network.import.direct.${instance}.${verb}`;
  return {
    stageRows: defineBytesRequest(
      subject('stage'),
      stageMetaSchema,
      STAGE_BATCH_MAX_BYTES,
      stageRowsReplySchema,
    ),
    commit: defineRequest(subject('commit'), commitImportRequestSchema, commitImportReplySchema),
    abort: defineRequest(
      subject('abort'),
      z.object({ importId: z.uuid(), attempt: z.number().int().positive() }),
      z.object({ aborted: z.boolean() }),
    ),
  };
}
