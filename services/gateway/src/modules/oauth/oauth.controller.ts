import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import type { OAuthProvider, User } from '@warmpath/contracts';
import { notFound } from '@warmpath/server-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../../http/public.decorator.js';
import { CurrentSession } from '../session/session.guard.js';
import type { Session } from '../session/session.store.js';
import { UNKNOWN_PROVIDER_MESSAGE } from './oauth.exception.js';
import { OAuthFlowService } from './oauth-flow.service.js';

/** Providers whose browser return lands on the SPA page /oauth/{provider} (LinkedIn has /auth/linkedin). */
const SPA_PROVIDERS: readonly OAuthProvider[] = ['google', 'github'];

function spaProvider(provider: string): OAuthProvider {
  const found = SPA_PROVIDERS.find((p) => p === provider);
  if (!found) throw notFound(UNKNOWN_PROVIDER_MESSAGE);
  return found;
}

/** docs/product.md#api: GET /api/oauth/providers, /api/oauth/{provider} (browser) and its callback (SPA). */
@Controller('api/oauth')
export class OAuthController {
  constructor(private readonly flow: OAuthFlowService) {}

  /** Which sign-in buttons work: a provider is configured when its client id and secret are set. */
  @Get('providers')
  @Public()
  providers() {
    return this.flow.listProviders();
  }

  /** Browser navigation: to the provider, or back to /oauth/{provider}?error= when it cannot start. */
  @Get(':provider')
  @Public()
  async start(
    @Param('provider') name: string,
    @CurrentSession() session: Session | null,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    const provider = spaProvider(name);
    let location: string;
    try {
      location = await this.flow.start(provider, session, request, reply);
    } catch (error) {
      location = `/oauth/${provider}?error=${encodeURIComponent(this.flow.failureMessage(provider, error))}`;
    }
    return reply.redirect(location, 302);
  }

  /** Called by the SPA with the provider's query: signs in and answers the user, or a JSON error. */
  @Get(':provider/callback')
  @Public()
  async callback(
    @Param('provider') name: string,
    @Query() query: unknown,
    @CurrentSession() session: Session | null,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<User> {
    const provider = spaProvider(name);
    try {
      return await this.flow.finish(provider, query, session, request, reply);
    } catch (error) {
      throw this.flow.toHttpError(provider, error);
    }
  }
}
