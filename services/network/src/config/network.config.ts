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
  });
export type NetworkConfig = z.infer<typeof networkConfigSchema>;
