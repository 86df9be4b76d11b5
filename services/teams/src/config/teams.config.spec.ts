import { describe, expect, it } from '@jest/globals';
import { loadConfig } from '@warmpath/server-kit';
import { teamsConfigSchema } from './teams.config.js';

const load = (env: Record<string, string>) => loadConfig('teams', teamsConfigSchema, env);

describe('teams configuration', () => {
  it('sends no mail without SMTP_URL, an empty value included (as the k8s secret ships it)', () => {
    expect(load({}).SMTP_URL).toBeUndefined();
    expect(load({ SMTP_URL: '' }).SMTP_URL).toBeUndefined();
    expect(load({ SMTP_URL: 'smtps://user:pw@mail.example.org:465' }).SMTP_URL).toBe(
      'smtps://user:pw@mail.example.org:465',
    );
  });

  it('builds links from PUBLIC_URL without a trailing slash', () => {
    expect(load({ PUBLIC_URL: 'https://warmpath.example.com/' }).PUBLIC_URL).toBe(
      'https://warmpath.example.com',
    );
    expect(load({}).PUBLIC_URL).toBe('http://127.0.0.1:3000');
    expect(load({}).MAIL_FROM).toBe('Warmpath <no-reply@warmpath.local>');
  });

  it('refuses an SMTP_URL that is not smtp:// or smtps://', () => {
    expect(() => load({ SMTP_URL: 'http://mail.example.org' })).toThrow(/SMTP_URL/);
  });
});
