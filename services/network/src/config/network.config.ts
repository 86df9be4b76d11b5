import { z } from 'zod';
import { baseEnvSchema, databaseEnvSchema, redisEnvSchema } from '@warmpath/server-kit';

export const networkConfigSchema = baseEnvSchema.extend(databaseEnvSchema.shape).extend(redisEnvSchema.shape);
export type NetworkConfig = z.infer<typeof networkConfigSchema>;
