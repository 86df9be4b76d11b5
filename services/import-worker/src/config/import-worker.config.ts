import { z } from 'zod';
import { STAGE_BATCH_ROWS } from '@warmpath/contracts';
import { baseEnvSchema, databaseEnvSchema, positiveInt, redisEnvSchema } from '@warmpath/server-kit';

export const importWorkerConfigSchema = baseEnvSchema
  .extend(databaseEnvSchema.shape)
  .extend(redisEnvSchema.shape)
  .extend({
    /** Imports one worker process runs at once; each streams, so memory stays flat either way. */
    IMPORT_CONCURRENCY: positiveInt.default(2),
    /**
     * Tries per import, the first included: transient failures (a service down, a timeout) retry
     * with backoff. With the backoff below, 8 tries span ~4 minutes: longer than a failover.
     */
    IMPORT_ATTEMPTS: positiveInt.default(8),
    /** First retry delay; each further retry waits twice as long, up to IMPORT_BACKOFF_MAX_MS. */
    IMPORT_BACKOFF_MS: positiveInt.default(5000),
    IMPORT_BACKOFF_MAX_MS: positiveInt.default(60_000),
    /**
     * How often each worker compares the imports recorded as unfinished with the queue and queues
     * again (or records as failed) those without a live job. Also at boot and on Redis reconnection.
     */
    IMPORT_RECONCILE_INTERVAL_MS: positiveInt.default(60_000),
    /** An import younger than this (since its last change) is left alone: its job may be on its way. */
    IMPORT_RECONCILE_GRACE_MS: positiveInt.default(10_000),
    /**
     * A worker that dies mid-import stops renewing its job lock; after this long another worker
     * (or the same one restarted) takes the job again.
     */
    IMPORT_LOCK_DURATION_MS: positiveInt.default(30_000),
    /** How often workers look for jobs whose lock expired. */
    IMPORT_STALLED_INTERVAL_MS: positiveInt.default(15_000),
    /**
     * Rows per staging message (the network service COPYs each one). 2,000 rows are ~460 kB: big
     * enough that per-message costs vanish. Batches are written as bytes outside the parse thread's
     * heap, so 2,000 rows (~460 kB) no longer cost RSS as they did as strings; with direct first
     * imports they made large imports complete sooner
     * (docs/performance.md#figures-behind-choices-in-the-code).
     */
    IMPORT_BATCH_ROWS: positiveInt.max(STAGE_BATCH_ROWS).default(2000),
    /** Staging messages awaiting their answer at once: parsing goes on while the network service COPYs. */
    IMPORT_STAGE_IN_FLIGHT: positiveInt.max(8).default(2),
    IMPORT_STAGE_TIMEOUT_MS: positiveInt.default(15_000),
    /** Merging or relinking a 300,000-row import takes seconds, not the bus' default budget. */
    IMPORT_COMMIT_TIMEOUT_MS: positiveInt.default(120_000),
    /** Progress is saved and published at most this often while parsing. */
    IMPORT_PROGRESS_INTERVAL_MS: positiveInt.default(250),
    /** Uploads of unfinished imports are dropped by the object store after this long (a safety net). */
    IMPORT_UPLOAD_TTL_HOURS: positiveInt.default(24),
  });
export type ImportWorkerConfig = z.infer<typeof importWorkerConfigSchema>;
