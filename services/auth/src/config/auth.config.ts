import { z } from 'zod';
import { baseEnvSchema, databaseEnvSchema } from '@warmpath/server-kit';

export const authConfigSchema = baseEnvSchema.extend(databaseEnvSchema.shape);
export type AuthConfig = z.infer<typeof authConfigSchema>;
