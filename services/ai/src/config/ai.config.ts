import { z } from 'zod';
import { baseEnvSchema } from '@warmpath/server-kit';

export const aiConfigSchema = baseEnvSchema;
export type AiConfig = z.infer<typeof aiConfigSchema>;
