import { Inject, Injectable } from '@nestjs/common';
import { authContracts, OAUTH_PROVIDERS, type OAuthProvider, type User } from '@warmpath/contracts';
import { BusClient, LOGGER, SERVICE_CONFIG, ServiceError } from '@warmpath/server-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { GatewayConfig } from '../../config/gateway.config.js';
import { readSessionCookie, setSessionCookie } from '../session/session-cookie.js';
import type { Session } from '../session/session.store.js';
import { SessionStore } from '../session/session.store.js';
import { GithubClient } from './github-client.js';
import { clearOAuthCookie, readOAuthCookie, setOAuthCookie } from './oauth-cookie.js';
import {
  INVALID_STATE_MESSAGE,
  OAuthFailure,
  providerErrorMessage,
  UNKNOWN_PROVIDER_MESSAGE,
} from './oauth.exception.js';
import { PROVIDER_SETTINGS, type ProviderSettings, type ProviderSettingsMap } from './oauth-providers.js';
import { checkState, hashBinding, randomToken } from './oauth-state.js';
import { OAuthStateStore } from './oauth-state.store.js';
import { OidcClient } from './oidc-client.js';
import type { AuthorizationRedirect, CodeGrant } from './provider-client.js';

const callbackQuerySchema = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(256).optional(),
  error: z.string().max(256).optional(),
});

/**
 * The browser side of provider sign-in, shared by LinkedIn (/auth/linkedin) and the SPA
 * providers (/api/oauth/{provider}): start sends the browser away with a fresh state bound to
 * it; finish checks that state, learns who came back and signs them in like a password sign-in.
 */
@Injectable()
export class OAuthFlowService {
  constructor(
    @Inject(PROVIDER_SETTINGS) private readonly providers: ProviderSettingsMap,
    private readonly oidc: OidcClient,
    private readonly github: GithubClient,
    private readonly states: OAuthStateStore,
    private readonly sessions: SessionStore,
    private readonly bus: BusClient,
    @Inject(SERVICE_CONFIG) private readonly config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  listProviders(): { provider: OAuthProvider; configured: boolean }[] {
    return OAUTH_PROVIDERS.map((provider) => ({ provider, configured: this.providers[provider].configured }));
  }

  async start(
    provider: OAuthProvider,
    session: Session | null,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<string> {
    const settings = this.configuredSettings(provider);
    const start = { state: randomToken(), nonce: randomToken(), codeVerifier: randomToken() };
    const binding = randomToken();
    const redirect = await this.redirectFor(settings, start);
    await this.states.save(start.state, {
      provider,
      bindingHash: hashBinding(binding),
      codeVerifier: redirect.usesPkce ? start.codeVerifier : null,
      nonce: start.nonce,
      linkToUserId: session?.userId ?? null,
      createdAt: Date.now(),
    });
    setOAuthCookie(reply, request, this.config, binding);
    return redirect.url;
  }

  async finish(
    provider: OAuthProvider,
    query: unknown,
    session: Session | null,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<User> {
    const settings = this.configuredSettings(provider);
    const params = callbackQuerySchema.safeParse(query ?? {});
    if (!params.success)
      throw new OAuthFailure('invalid_request', INVALID_STATE_MESSAGE, { cause: params.error });
    const { code, state, error } = params.data;
    // Taken before anything else, so a state is spent even when the provider reports an error.
    const record = await this.states.take(state);
    if (error) throw new OAuthFailure('invalid_request', providerErrorMessage(settings.label, error));
    const check = checkState(record, { state, provider, binding: readOAuthCookie(request), now: Date.now() });
    if (!check.ok)
      throw new OAuthFailure('invalid_request', INVALID_STATE_MESSAGE, {
        cause: new Error(`state ${check.problem}`),
      });
    if (!code)
      throw new OAuthFailure('invalid_request', `${settings.label} did not send an authorization code`);
    const linkToUserId = check.record.linkToUserId;
    if (linkToUserId !== null && session?.userId !== linkToUserId) {
      throw new OAuthFailure(
        'invalid_request',
        'You signed out or switched accounts during sign-in. Please try again.',
      );
    }
    const grant: CodeGrant = { code, codeVerifier: check.record.codeVerifier, nonce: check.record.nonce };
    const identity =
      settings.kind === 'oidc'
        ? await this.oidc.fetchIdentity(settings, grant)
        : await this.github.fetchIdentity(settings, grant);
    const user = await this.bus.request(authContracts.signInWithProvider, { identity, linkToUserId });
    await this.startSession(user.id, request, reply);
    clearOAuthCookie(reply, request, this.config);
    this.logger.info({ userId: user.id, provider, linked: linkToUserId !== null }, 'signed in with provider');
    return user;
  }

  /** The text a browser flow shows on failure (redirect query); logs what the user does not see. */
  failureMessage(provider: OAuthProvider, error: unknown): string {
    if (error instanceof OAuthFailure) {
      this.logFailure(provider, error);
      return error.message;
    }
    if (
      error instanceof ServiceError &&
      ['VALIDATION_FAILED', 'CONFLICT', 'NOT_FOUND', 'FORBIDDEN'].includes(error.code)
    )
      return error.message;
    this.logger.error({ err: error, provider }, 'provider sign-in failed');
    return `${this.providers[provider].label} sign-in failed. Please try again.`;
  }

  /** The JSON error of the SPA callback: OAuth failures get their status, the rest goes to the error filter as is. */
  toHttpError(provider: OAuthProvider, error: unknown): unknown {
    if (!(error instanceof OAuthFailure)) return error;
    this.logFailure(provider, error);
    return error.toServiceError();
  }

  private configuredSettings(provider: OAuthProvider): ProviderSettings {
    const settings = this.providers[provider];
    if (!settings) throw new OAuthFailure('unknown_provider', UNKNOWN_PROVIDER_MESSAGE);
    if (!settings.configured)
      throw new OAuthFailure('not_configured', `${settings.label} sign-in is not configured`);
    return settings;
  }

  private redirectFor(
    settings: ProviderSettings,
    start: { state: string; nonce: string; codeVerifier: string },
  ): Promise<AuthorizationRedirect> {
    return settings.kind === 'oidc'
      ? this.oidc.authorizationRedirect(settings, start)
      : this.github.authorizationRedirect(settings, start);
  }

  /** Same as password sign-in: a new session id every time, and the previous session ends. */
  private async startSession(userId: number, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await this.sessions.destroy(readSessionCookie(request));
    const session = await this.sessions.create(userId);
    setSessionCookie(reply, request, this.config, session.id);
  }

  private logFailure(provider: OAuthProvider, failure: OAuthFailure): void {
    const cause = failure.cause instanceof Error ? failure.cause.message : failure.cause;
    const level = failure.kind === 'upstream' ? 'warn' : 'info';
    this.logger[level](
      { provider, kind: failure.kind, cause },
      `provider sign-in refused: ${failure.message}`,
    );
  }
}
