import type { OAuthProvider } from '@warmpath/contracts';
import type { GatewayConfig } from '../../config/gateway.config.js';

export const PROVIDER_LABELS: Record<OAuthProvider, string> = {
  linkedin: 'LinkedIn',
  google: 'Google',
  github: 'GitHub',
};

interface CommonSettings {
  provider: OAuthProvider;
  label: string;
  clientId: string;
  clientSecret: string;
  /** Both the client id and the secret are set. */
  configured: boolean;
  /** Registered with the provider; the token request repeats it exactly. */
  redirectUri: string;
}

/** OpenID Connect (LinkedIn, Google): endpoints from `${issuer}/.well-known/openid-configuration`. */
export interface OidcSettings extends CommonSettings {
  kind: 'oidc';
  issuer: string;
}

/** GitHub: plain OAuth 2 with fixed endpoints and its REST API for the profile. */
export interface GithubSettings extends CommonSettings {
  kind: 'github';
  authorizeUrl: string;
  tokenUrl: string;
  apiUrl: string;
}

export type ProviderSettings = OidcSettings | GithubSettings;
export type ProviderSettingsMap = Record<OAuthProvider, ProviderSettings>;

export const PROVIDER_SETTINGS = Symbol('PROVIDER_SETTINGS');

/**
 * LinkedIn comes back to the gateway (/auth/linkedin/callback, then /auth-success);
 * Google and GitHub come back to the SPA page /oauth/{provider}, which calls the API callback.
 */
export function buildProviderSettings(config: GatewayConfig): ProviderSettingsMap {
  const common = (
    provider: OAuthProvider,
    clientId: string | undefined,
    clientSecret: string | undefined,
    path: string,
  ) => ({
    provider,
    label: PROVIDER_LABELS[provider],
    clientId: clientId ?? '',
    clientSecret: clientSecret ?? '',
    configured: Boolean(clientId && clientSecret),
    redirectUri: `${config.PUBLIC_URL}${path}`,
  });
  return {
    linkedin: {
      kind: 'oidc',
      issuer: config.LINKEDIN_ISSUER,
      ...common(
        'linkedin',
        config.LINKEDIN_CLIENT_ID,
        config.LINKEDIN_CLIENT_SECRET,
        '/auth/linkedin/callback',
      ),
    },
    google: {
      kind: 'oidc',
      issuer: config.GOOGLE_ISSUER,
      ...common('google', config.GOOGLE_CLIENT_ID, config.GOOGLE_CLIENT_SECRET, '/oauth/google'),
    },
    github: {
      kind: 'github',
      authorizeUrl: config.GITHUB_AUTHORIZE_URL,
      tokenUrl: config.GITHUB_TOKEN_URL,
      apiUrl: config.GITHUB_API_URL,
      ...common('github', config.GITHUB_CLIENT_ID, config.GITHUB_CLIENT_SECRET, '/oauth/github'),
    },
  };
}

/** A half-configured provider (id without secret or the reverse) is almost certainly a mistake. */
export function halfConfiguredProviders(config: GatewayConfig): string[] {
  const pairs: [string, string | undefined, string | undefined][] = [
    ['LINKEDIN', config.LINKEDIN_CLIENT_ID, config.LINKEDIN_CLIENT_SECRET],
    ['GOOGLE', config.GOOGLE_CLIENT_ID, config.GOOGLE_CLIENT_SECRET],
    ['GITHUB', config.GITHUB_CLIENT_ID, config.GITHUB_CLIENT_SECRET],
  ];
  return pairs.filter(([, id, secret]) => Boolean(id) !== Boolean(secret)).map(([name]) => name);
}
