import { z } from 'zod';
import { baseEnvSchema, databaseEnvSchema } from '@warmpath/server-kit';

export const authConfigSchema = baseEnvSchema.extend(databaseEnvSchema.shape).extend({
  /** Password of the `admin` account, created or updated at start. Unset: no admin account. */
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  ADMIN_EMAIL: z.email().default('admin@warmpath.local'),
  /** scrypt cost (N = 2^SCRYPT_LOG_N); 15 takes ~50 ms and 32 MiB per hash. */
  SCRYPT_LOG_N: z.coerce.number().int().min(10).max(20).default(15),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;
