import { z } from 'zod';
import { baseEnvSchema, databaseEnvSchema } from '@warmpath/server-kit';

export const teamsConfigSchema = baseEnvSchema.extend(databaseEnvSchema.shape);
export type TeamsConfig = z.infer<typeof teamsConfigSchema>;
