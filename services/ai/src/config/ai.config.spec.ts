import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig } from '@warmpath/server-kit';
import { aiConfigSchema, modelSettingsOf } from './ai.config.js';

const load = (env: Record<string, string>) => loadConfig('ai', aiConfigSchema, env);

describe('ai config', () => {
  it('uses the built-in writer when no model is configured, with the default limits', () => {
    const config = load({});
    expect(modelSettingsOf(config)).toBeNull();
    expect(config).toMatchObject({
      AI_TIMEOUT_MS: 20000,
      AI_MAX_CONCURRENT_PER_USER: 2,
      AI_MAX_PER_MINUTE_PER_USER: 10,
    });
  });

  it('configures a self-hosted server without a key', () => {
    const settings = modelSettingsOf(
      load({ AI_BASE_URL: 'http://127.0.0.1:11434/v1', AI_MODEL: 'llama3.1:8b', AI_TIMEOUT_MS: '5000' }),
    );
    expect(settings).toMatchObject({
      baseUrl: 'http://127.0.0.1:11434/v1',
      model: 'llama3.1:8b',
      timeoutMs: 5000,
    });
  });

  it('refuses a half-done setup with a clear message', () => {
    expect(() => load({ AI_API_KEY: 'sk-test' })).toThrow(
      /AI_MODEL is missing or invalid: is required when AI_API_KEY or AI_BASE_URL is set/,
    );
    expect(() => load({ AI_MODEL: 'gpt-4o-mini' })).toThrow(ConfigError);
    expect(() => load({ AI_BASE_URL: 'ftp://x', AI_MODEL: 'm' })).toThrow(/AI_BASE_URL/);
  });
});
