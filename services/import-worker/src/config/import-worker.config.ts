import { z } from 'zod';
import { baseEnvSchema, databaseEnvSchema, redisEnvSchema } from '@warmpath/server-kit';

export const importWorkerConfigSchema = baseEnvSchema.extend(databaseEnvSchema.shape).extend(redisEnvSchema.shape);
export type ImportWorkerConfig = z.infer<typeof importWorkerConfigSchema>;
