import { z } from 'zod';
import { baseEnvSchema, databaseEnvSchema, redisEnvSchema } from '@warmpath/server-kit';

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
     * How long a replica building a workspace's shared pool holds its lock, and so the longest the
     * other replicas wait for it before building their own; 0 (the default): no lock, replicas
     * build at once, the faster choice where each replica has a CPU of its own
     * (docs/workspace-network.md#one-build-at-a-time-across-replicas).
     */
    TEAM_POOL_LOCK_MS: z.coerce
      .number()
      .int()
      .max(120_000)
      .refine((ms) => ms === 0 || ms >= 100, '0 (no lock) or at least 100')
      .default(0),
  });
export type NetworkConfig = z.infer<typeof networkConfigSchema>;
