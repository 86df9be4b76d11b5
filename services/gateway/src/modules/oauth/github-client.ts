import { Inject, Injectable } from '@nestjs/common';
import type { OAuthIdentity } from '@warmpath/contracts';
import { LOGGER, SERVICE_CONFIG } from '@warmpath/server-kit';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { GatewayConfig } from '../../config/gateway.config.js';
import { OAuthFailure } from './oauth.exception.js';
import type { GithubSettings } from './oauth-providers.js';
import { pkceChallenge } from './oauth-state.js';
import type {
  AuthorizationRedirect,
  AuthorizationStart,
  CodeGrant,
  ProviderClient,
} from './provider-client.js';
import { requestProviderJson } from './provider-http.js';
import { githubEmailsSchema, githubUserSchema, identityFromGithub } from './provider-identity.js';

/** read:user for the profile, user:email for the verified addresses (private ones included). */
const SCOPE = 'read:user user:email';

// GitHub answers a refused code with 200 and an `error` field, not with an HTTP error.
const tokenResponseSchema = z.object({ access_token: z.string().min(1) });

/** GitHub: plain OAuth 2 (no id_token); the identity comes from its REST API. */
@Injectable()
export class GithubClient implements ProviderClient<GithubSettings> {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async authorizationRedirect(
    settings: GithubSettings,
    start: AuthorizationStart,
  ): Promise<AuthorizationRedirect> {
    const url = new URL(settings.authorizeUrl);
    const params = {
      client_id: settings.clientId,
      redirect_uri: settings.redirectUri,
      scope: SCOPE,
      state: start.state,
      code_challenge: pkceChallenge(start.codeVerifier),
      code_challenge_method: 'S256',
    };
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return { url: url.toString(), usesPkce: true };
  }

  async fetchIdentity(settings: GithubSettings, grant: CodeGrant): Promise<OAuthIdentity> {
    const accessToken = await this.exchangeCode(settings, grant);
    const user = githubUserSchema.safeParse(
      await this.api(settings, '/user', accessToken, 'Could not read your GitHub profile'),
    );
    if (!user.success)
      throw new OAuthFailure('upstream', 'Could not read your GitHub profile', { cause: user.error });
    return identityFromGithub(user.data, await this.readEmails(settings, accessToken));
  }

  private async exchangeCode(settings: GithubSettings, grant: CodeGrant): Promise<string> {
    const failure = 'GitHub did not accept the sign-in code';
    const body = await requestProviderJson(
      settings.tokenUrl,
      {
        method: 'POST',
        form: {
          client_id: settings.clientId,
          client_secret: settings.clientSecret,
          code: grant.code,
          redirect_uri: settings.redirectUri,
          ...(grant.codeVerifier ? { code_verifier: grant.codeVerifier } : {}),
        },
        timeoutMs: this.config.OAUTH_HTTP_TIMEOUT_MS,
      },
      failure,
    );
    const tokens = tokenResponseSchema.safeParse(body);
    if (!tokens.success)
      throw new OAuthFailure('upstream', failure, { cause: new Error(JSON.stringify(body).slice(0, 300)) });
    return tokens.data.access_token;
  }

  /** Optional: without the user:email grant (or on a hiccup) the account simply starts without a verified e-mail. */
  private async readEmails(settings: GithubSettings, accessToken: string) {
    try {
      const emails = githubEmailsSchema.safeParse(
        await this.api(settings, '/user/emails', accessToken, 'emails'),
      );
      return emails.success ? emails.data : null;
    } catch (error) {
      this.logger.warn(
        { err: error instanceof OAuthFailure ? error.cause : error },
        'GitHub e-mails could not be read',
      );
      return null;
    }
  }

  private api(
    settings: GithubSettings,
    path: string,
    accessToken: string,
    failure: string,
  ): Promise<unknown> {
    return requestProviderJson(
      `${settings.apiUrl}${path}`,
      {
        headers: {
          accept: 'application/vnd.github+json',
          authorization: `Bearer ${accessToken}`,
          // GitHub's API refuses requests without a User-Agent.
          'user-agent': 'Warmpath',
          'x-github-api-version': '2022-11-28',
        },
        timeoutMs: this.config.OAUTH_HTTP_TIMEOUT_MS,
      },
      failure,
    );
  }
}
