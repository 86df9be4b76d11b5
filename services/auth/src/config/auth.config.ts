import { z } from 'zod';
import { baseEnvSchema, databaseEnvSchema, positiveInt } from '@warmpath/server-kit';
import { availableParallelism } from 'node:os';

export const authConfigSchema = baseEnvSchema.extend(databaseEnvSchema.shape).extend({
  /** Password of the `admin` account, created or updated at start. Unset: no admin account. */
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  ADMIN_EMAIL: z.email().default('admin@warmpath.local'),
  /** scrypt cost (N = 2^SCRYPT_LOG_N); 15 takes 32 MiB per hash (times in docs/security.md). */
  SCRYPT_LOG_N: z.coerce.number().int().min(10).max(20).default(15),
  /** Password hashes run at once (libuv's pool has 4 threads); default: the CPUs, at most 4. */
  PASSWORD_HASH_CONCURRENCY: positiveInt.max(4).default(Math.min(4, availableParallelism())),
  /** Password hashes allowed to wait for a slot; past it a sign-in is answered 503 at once. */
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).default(8),
  /** How often sessions past their absolute expiry are deleted from the durable copy (1 h). */
  SESSION_PURGE_INTERVAL_MS: positiveInt.default(3_600_000),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;
