import { Inject, Injectable } from '@nestjs/common';
import type { OAuthIdentity } from '@warmpath/contracts';
import { SERVICE_CONFIG } from '@warmpath/server-kit';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { z } from 'zod';
import type { GatewayConfig } from '../../config/gateway.config.js';
import { OAuthFailure } from './oauth.exception.js';
import type { OidcSettings } from './oauth-providers.js';
import { pkceChallenge } from './oauth-state.js';
import type {
  AuthorizationRedirect,
  AuthorizationStart,
  CodeGrant,
  ProviderClient,
} from './provider-client.js';
import { requestProviderJson } from './provider-http.js';
import { identityFromOidcClaims, oidcClaimsSchema } from './provider-identity.js';

const SCOPE = 'openid profile email';
/** Providers rotate keys and endpoints rarely; an hour bounds how long a change goes unseen. */
const DISCOVERY_TTL_MS = 60 * 60 * 1000;

const discoverySchema = z.object({
  issuer: z.string().min(1),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
  userinfo_endpoint: z.url().optional(),
  token_endpoint_auth_methods_supported: z.array(z.string()).optional(),
  code_challenge_methods_supported: z.array(z.string()).optional(),
});
type DiscoveryDocument = z.infer<typeof discoverySchema>;

const tokenResponseSchema = z.object({ access_token: z.string().min(1), id_token: z.string().min(1) });

/**
 * OpenID Connect authorization-code flow (LinkedIn, Google). The identity comes from the
 * id_token, verified with jose against the provider's JWKS (issuer, audience, expiry, nonce);
 * the userinfo endpoint then adds profile claims, and must name the same subject.
 */
@Injectable()
export class OidcClient implements ProviderClient<OidcSettings> {
  private readonly documents = new Map<string, { document: Promise<DiscoveryDocument>; expiresAt: number }>();
  private readonly keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

  constructor(@Inject(SERVICE_CONFIG) private readonly config: GatewayConfig) {}

  async authorizationRedirect(
    settings: OidcSettings,
    start: AuthorizationStart,
  ): Promise<AuthorizationRedirect> {
    const discovery = await this.discover(settings);
    // LinkedIn's web flow refuses a code_verifier; PKCE is used where the provider advertises S256.
    const usesPkce = discovery.code_challenge_methods_supported?.includes('S256') ?? false;
    const url = new URL(discovery.authorization_endpoint);
    const params: Record<string, string> = {
      response_type: 'code',
      client_id: settings.clientId,
      redirect_uri: settings.redirectUri,
      scope: SCOPE,
      state: start.state,
      nonce: start.nonce,
      ...(usesPkce
        ? { code_challenge: pkceChallenge(start.codeVerifier), code_challenge_method: 'S256' }
        : {}),
    };
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return { url: url.toString(), usesPkce };
  }

  async fetchIdentity(settings: OidcSettings, grant: CodeGrant): Promise<OAuthIdentity> {
    const discovery = await this.discover(settings);
    const tokens = await this.exchangeCode(settings, discovery, grant);
    const idClaims = await this.verifyIdToken(settings, discovery, tokens.id_token, grant.nonce);
    const profile = discovery.userinfo_endpoint
      ? await this.readUserinfo(settings, discovery.userinfo_endpoint, tokens.access_token, idClaims.sub)
      : {};
    const claims = oidcClaimsSchema.safeParse({ ...idClaims, ...profile });
    if (!claims.success)
      throw new OAuthFailure('upstream', `${settings.label} returned an incomplete profile`, {
        cause: claims.error,
      });
    return identityFromOidcClaims(settings.provider, claims.data);
  }

  /** Cached per issuer; a failed fetch is not cached, so the next sign-in tries again. */
  private discover(settings: OidcSettings): Promise<DiscoveryDocument> {
    const cached = this.documents.get(settings.issuer);
    if (cached && cached.expiresAt > Date.now()) return cached.document;
    const document = requestProviderJson(
      `${settings.issuer}/.well-known/openid-configuration`,
      { timeoutMs: this.config.OAUTH_HTTP_TIMEOUT_MS },
      `${settings.label} sign-in is unavailable right now`,
    ).then((body) => {
      const parsed = discoverySchema.safeParse(body);
      if (!parsed.success)
        throw new OAuthFailure('upstream', `${settings.label} sign-in is unavailable right now`, {
          cause: parsed.error,
        });
      return parsed.data;
    });
    this.documents.set(settings.issuer, { document, expiresAt: Date.now() + DISCOVERY_TTL_MS });
    document.catch(() => {
      if (this.documents.get(settings.issuer)?.document === document) this.documents.delete(settings.issuer);
    });
    return document;
  }

  private async exchangeCode(settings: OidcSettings, discovery: DiscoveryDocument, grant: CodeGrant) {
    const form: Record<string, string> = {
      grant_type: 'authorization_code',
      code: grant.code,
      redirect_uri: settings.redirectUri,
      ...(grant.codeVerifier ? { code_verifier: grant.codeVerifier } : {}),
    };
    // LinkedIn wants the secret in the body and does not advertise it; basic only when the body form is not offered.
    const methods = discovery.token_endpoint_auth_methods_supported;
    const useBasic = methods !== undefined && !methods.includes('client_secret_post');
    const headers: Record<string, string> = {};
    if (useBasic) {
      const credentials = `${encodeURIComponent(settings.clientId)}:${encodeURIComponent(settings.clientSecret)}`;
      headers.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
    } else {
      Object.assign(form, { client_id: settings.clientId, client_secret: settings.clientSecret });
    }
    const failure = `${settings.label} did not accept the sign-in code`;
    const body = await requestProviderJson(
      discovery.token_endpoint,
      { method: 'POST', form, headers, timeoutMs: this.config.OAUTH_HTTP_TIMEOUT_MS },
      failure,
    );
    const tokens = tokenResponseSchema.safeParse(body);
    if (!tokens.success) throw new OAuthFailure('upstream', failure, { cause: tokens.error });
    return tokens.data;
  }

  private async verifyIdToken(
    settings: OidcSettings,
    discovery: DiscoveryDocument,
    idToken: string,
    nonce: string,
  ) {
    const failure = `${settings.label} returned an identity token that could not be verified`;
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, this.keySet(discovery.jwks_uri), {
        // Google documents both forms of its issuer in id_tokens.
        issuer: [discovery.issuer, discovery.issuer.replace(/^https:\/\//, '')],
        audience: settings.clientId,
        clockTolerance: 60,
      }));
    } catch (error) {
      throw new OAuthFailure('upstream', failure, { cause: error });
    }
    if (payload.nonce !== nonce)
      throw new OAuthFailure('upstream', failure, { cause: new Error('nonce mismatch') });
    if (typeof payload.sub !== 'string' || !payload.sub)
      throw new OAuthFailure('upstream', failure, { cause: new Error('no sub') });
    return { ...payload, sub: payload.sub };
  }

  private async readUserinfo(settings: OidcSettings, endpoint: string, accessToken: string, subject: string) {
    const failure = `Could not read your ${settings.label} profile`;
    const body = await requestProviderJson(
      endpoint,
      { headers: { authorization: `Bearer ${accessToken}` }, timeoutMs: this.config.OAUTH_HTTP_TIMEOUT_MS },
      failure,
    );
    const info = z.looseObject({ sub: z.string() }).safeParse(body);
    // OIDC Core 5.3.2: a userinfo answer for another subject must not be used.
    if (!info.success || info.data.sub !== subject)
      throw new OAuthFailure('upstream', failure, { cause: info.error ?? new Error('sub mismatch') });
    return info.data;
  }

  private keySet(jwksUri: string) {
    let keySet = this.keySets.get(jwksUri);
    if (!keySet) {
      keySet = createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: this.config.OAUTH_HTTP_TIMEOUT_MS });
      this.keySets.set(jwksUri, keySet);
    }
    return keySet;
  }
}
