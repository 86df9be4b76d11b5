import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { baseEnvSchema, databaseEnvSchema } from './env-schemas.js';
import { ConfigError, loadConfig } from './load-config.js';

const schema = baseEnvSchema.extend(databaseEnvSchema.shape);

describe('loadConfig', () => {
  it('fills defaults when nothing is set', () => {
    const config = loadConfig('auth', schema, {});
    expect(config.NATS_URL).toBe('nats://127.0.0.1:4222');
    expect(config.HTTP_PORT).toBe(0);
    expect(config.NATS_PREFIX).toBe('');
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig('auth', schema, { NATS_PREFIX: '', HTTP_PORT: '' }).HTTP_PORT).toBe(0);
  });

  it('names a malformed variable and its value', () => {
    expect(() => loadConfig('auth', schema, { DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL="mysql:\/\/x" is invalid: must be a URL starting with postgres:\/\/ or postgresql:\/\//,
    );
  });

  it('names a missing required variable', () => {
    const required = z.object({ AI_API_KEY: z.string() });
    try {
      loadConfig('ai', required, {});
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toEqual([
        expect.stringContaining('AI_API_KEY is missing or invalid'),
      ]);
    }
  });

  it('lists every problem at once, not only the first', () => {
    try {
      loadConfig('auth', schema, { HTTP_PORT: 'abc', LOG_LEVEL: 'loud' });
    } catch (error) {
      expect((error as ConfigError).problems).toHaveLength(2);
      expect((error as ConfigError).message).toContain('HTTP_PORT="abc"');
      expect((error as ConfigError).message).toContain('LOG_LEVEL="loud"');
    }
  });
});
