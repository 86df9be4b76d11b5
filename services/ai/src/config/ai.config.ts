import { z } from 'zod';
import { AI_DEFAULT_TIMEOUT_MS } from '@warmpath/contracts';
import { baseEnvSchema, positiveInt } from '@warmpath/server-kit';

const httpUrl = z.string().refine((value) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}, 'must be a URL starting with http:// or https://');

export const aiConfigSchema = baseEnvSchema
  .extend({
    /** Key of the OpenAI-compatible server; a self-hosted server may need none. */
    AI_API_KEY: z.string().optional(),
    /** e.g. http://127.0.0.1:11434/v1 for a local server; the OpenAI API when only a key is set. */
    AI_BASE_URL: httpUrl.optional(),
    AI_MODEL: z.string().max(200).optional(),
    /** Whole budget of one model call, its one retry included. */
    AI_TIMEOUT_MS: positiveInt.default(AI_DEFAULT_TIMEOUT_MS),
    /** Sent as max_tokens; 0 sends none (for models that refuse the parameter). */
    AI_MAX_TOKENS: z.coerce.number().int().min(0).default(500),
    AI_MAX_CONCURRENT_PER_USER: positiveInt.default(2),
    AI_MAX_PER_MINUTE_PER_USER: positiveInt.default(10),
  })
  .superRefine((config, ctx) => {
    // A half-done model setup is refused at boot rather than silently answered by the built-in writer.
    if ((config.AI_API_KEY || config.AI_BASE_URL) && !config.AI_MODEL) {
      ctx.addIssue({
        code: 'custom',
        path: ['AI_MODEL'],
        message: 'is required when AI_API_KEY or AI_BASE_URL is set',
      });
    }
    if (config.AI_MODEL && !config.AI_API_KEY && !config.AI_BASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['AI_API_KEY'],
        message: 'AI_MODEL is set: set AI_API_KEY, AI_BASE_URL or both',
      });
    }
  });
export type AiConfig = z.infer<typeof aiConfigSchema>;

/** The model settings, or null when the built-in writer is to be used. */
export interface ModelSettings {
  apiKey: string;
  baseUrl: string | undefined;
  model: string;
  timeoutMs: number;
  maxTokens: number;
}

export function modelSettingsOf(config: AiConfig): ModelSettings | null {
  if (!config.AI_MODEL || !(config.AI_API_KEY || config.AI_BASE_URL)) return null;
  return {
    // The openai client insists on a key; self-hosted servers ignore it.
    apiKey: config.AI_API_KEY ?? 'not-needed',
    baseUrl: config.AI_BASE_URL,
    model: config.AI_MODEL,
    timeoutMs: config.AI_TIMEOUT_MS,
    maxTokens: config.AI_MAX_TOKENS,
  };
}
