import { z } from 'zod';
import { baseEnvSchema, databaseEnvSchema, redisEnvSchema } from '@warmpath/server-kit';

/** TEAM_POOL_LOCK_MS when unset: longer than a 100,000-person workspace version's build on a busy node. */
export const DEFAULT_TEAM_POOL_LOCK_MS = 30_000;

export const networkConfigSchema = baseEnvSchema
  .extend(databaseEnvSchema.shape)
  .extend(redisEnvSchema.shape)
  .extend({
    /**
     * First imports this instance writes directly at once (each holds a pool connection in an open
     * transaction; see DirectImportSessions); 0 stages every import.
     */
    IMPORT_DIRECT_MAX_SESSIONS: z.coerce.number().int().min(0).max(5).default(2),
    /**
     * How long a replica building a workspace version holds its lock, and so the longest the other
     * replicas wait for it: for the base and patches they then read its bytes instead of building
     * (docs/workspace-network.md "One snapshot per workspace version: base + viewer patch"), for a
     * per-viewer pool they build their own after it
     * (docs/workspace-network.md#one-build-at-a-time-across-replicas). 0: no lock, replicas build at once.
     */
    TEAM_POOL_LOCK_MS: z.coerce
      .number()
      .int()
      .max(120_000)
      .refine((ms) => ms === 0 || ms >= 100, '0 (no lock) or at least 100')
      .default(DEFAULT_TEAM_POOL_LOCK_MS),
  });
export type NetworkConfig = z.infer<typeof networkConfigSchema>;
