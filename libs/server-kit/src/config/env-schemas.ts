import { z } from 'zod';

const url = (protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
  );

export const port = z.coerce.number().int().min(0).max(65535);
export const positiveInt = z.coerce.number().int().positive();
export const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Variables every service reads. */
export const baseEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NATS_URL: url(['nats:', 'tls:']).default('nats://127.0.0.1:4222'),
  /** Prefixes every subject and queue group, so two stacks (or test runs) can share one NATS server. */
  NATS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]*$/, 'letters, digits, _ and - only')
    .default(''),
  NATS_REQUEST_TIMEOUT_MS: positiveInt.default(5000),
  /** Port of the service's own HTTP endpoints (health, metrics). 0 picks a free port. */
  HTTP_PORT: port.default(0),
  HTTP_HOST: z.string().default('127.0.0.1'),
});

export const databaseEnvSchema = z.object({
  DATABASE_URL: url(['postgres:', 'postgresql:']).default('postgres://postgres@127.0.0.1:5432/warmpath'),
  /**
   * A statement unanswered this long fails (503) and its connection is thrown away: under the
   * bus' request timeout, so a database that stops answering is a 503, never a 504 or a hang.
   */
  DATABASE_QUERY_TIMEOUT_MS: positiveInt.default(4000),
});

export const redisEnvSchema = z.object({
  REDIS_URL: url(['redis:', 'rediss:']).default('redis://127.0.0.1:6379'),
  /** Prefixes every Redis key and queue name, so two stacks (or test runs) can share one Redis. */
  REDIS_PREFIX: z.string().default('warmpath:'),
});

export type BaseEnv = z.infer<typeof baseEnvSchema>;
export type DatabaseEnv = z.infer<typeof databaseEnvSchema>;
export type RedisEnv = z.infer<typeof redisEnvSchema>;
