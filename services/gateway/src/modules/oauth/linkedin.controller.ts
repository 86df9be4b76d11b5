import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../../http/public.decorator.js';
import { CurrentSession } from '../session/session.guard.js';
import type { Session } from '../session/session.store.js';
import { OAuthFlowService } from './oauth-flow.service.js';

const failed = (message: string) => `/auth-success?error=${encodeURIComponent(message)}`;

/**
 * docs/product.md#web-routes: /auth/linkedin starts LinkedIn's OpenID Connect flow; LinkedIn sends the
 * browser back to /auth/linkedin/callback, and every outcome ends on /auth-success.
 */
@Controller('auth/linkedin')
export class LinkedinController {
  constructor(private readonly flow: OAuthFlowService) {}

  @Get()
  @Public()
  async start(
    @CurrentSession() session: Session | null,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    let location: string;
    try {
      location = await this.flow.start('linkedin', session, request, reply);
    } catch (error) {
      location = failed(this.flow.failureMessage('linkedin', error));
    }
    return reply.redirect(location, 302);
  }

  @Get('callback')
  @Public()
  async callback(
    @Query() query: unknown,
    @CurrentSession() session: Session | null,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    let location = '/auth-success?source=linkedin';
    try {
      await this.flow.finish('linkedin', query, session, request, reply);
    } catch (error) {
      location = failed(this.flow.failureMessage('linkedin', error));
    }
    return reply.redirect(location, 302);
  }
}
