import { describe, expect, it } from '@jest/globals';
import { providerErrorMessage } from './oauth.exception.js';
import {
  githubEmailsSchema,
  githubUserSchema,
  identityFromGithub,
  identityFromOidcClaims,
  oidcClaimsSchema,
} from './provider-identity.js';

describe('identityFromOidcClaims', () => {
  it('maps the standard claims of a LinkedIn profile', () => {
    const claims = oidcClaimsSchema.parse({
      sub: 'aBc123',
      email: 'ana@example.com',
      email_verified: 'true',
      given_name: 'Ana',
      family_name: 'Silva',
      name: 'Ana Silva',
      picture: 'https://media.licdn.com/ana.jpg',
    });
    expect(identityFromOidcClaims('linkedin', claims)).toEqual({
      provider: 'linkedin',
      subject: 'aBc123',
      email: 'ana@example.com',
      emailVerified: true,
      firstName: 'Ana',
      lastName: 'Silva',
      preferredUsername: null,
      avatarUrl: 'https://media.licdn.com/ana.jpg',
    });
  });

  it('splits the full name when given and family names are missing, and trusts no unverified e-mail flag', () => {
    const claims = oidcClaimsSchema.parse({ sub: '1', name: 'Ada King Lovelace', email: 'ada@example.com' });
    expect(identityFromOidcClaims('google', claims)).toMatchObject({
      firstName: 'Ada',
      lastName: 'King Lovelace',
      emailVerified: false,
    });
  });

  it('refuses claims without a subject', () => {
    expect(oidcClaimsSchema.safeParse({ sub: '', email: 'x@example.com' }).success).toBe(false);
  });
});

describe('identityFromGithub', () => {
  const user = githubUserSchema.parse({
    id: 583231,
    login: 'octocat',
    name: 'The Octocat',
    email: 'public@example.com',
    avatar_url: 'https://x/y.png',
  });

  it('uses the numeric id as subject and the primary verified address', () => {
    const emails = githubEmailsSchema.parse([
      { email: 'old@example.com', primary: false, verified: true },
      { email: 'octo@example.com', primary: true, verified: true },
    ]);
    expect(identityFromGithub(user, emails)).toEqual({
      provider: 'github',
      subject: '583231',
      email: 'octo@example.com',
      emailVerified: true,
      firstName: 'The',
      lastName: 'Octocat',
      preferredUsername: 'octocat',
      avatarUrl: 'https://x/y.png',
    });
  });

  it('falls back to the public e-mail, unverified, when the addresses could not be read', () => {
    expect(identityFromGithub(user, null)).toMatchObject({
      email: 'public@example.com',
      emailVerified: false,
    });
  });
});

describe('providerErrorMessage', () => {
  it('says the user cancelled when the provider reports a refusal', () => {
    expect(providerErrorMessage('LinkedIn', 'user_cancelled_login')).toBe('LinkedIn sign-in was cancelled');
    expect(providerErrorMessage('Google', 'access_denied')).toBe('Google sign-in was cancelled');
  });

  it('keeps only a short code of anything else, never text from the query string', () => {
    expect(providerErrorMessage('GitHub', 'server_error')).toBe('GitHub sign-in failed (server_error)');
    expect(providerErrorMessage('GitHub', '<script>alert(1)</script>')).toBe(
      'GitHub sign-in failed (scriptalert1script)',
    );
    expect(providerErrorMessage('GitHub', '!!!')).toBe('GitHub sign-in failed (unknown error)');
  });
});
