import { createParamDecorator, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { tokensContracts, type TokenScope } from '@warmpath/contracts';
import { BusClient, unauthenticated } from '@warmpath/server-kit';
import type { FastifyRequest } from 'fastify';
import { IS_PUBLIC } from '../../http/public.decorator.js';
import { REQUIRED_SCOPE } from '../../http/requires-scope.decorator.js';
import { assertTokenMayCall, secretHashOf } from './access-token.js';
import { readSessionCookie } from './session-cookie.js';
import { SessionStore, type Session } from './session.store.js';

/** Who is calling a guarded route: a browser session, or a personal access token. */
export type Caller =
  | { userId: number; via: 'session' }
  | { userId: number; via: 'token'; tokenId: number; scopes: TokenScope[] };

type SessionRequest = FastifyRequest & { session?: Session | null; caller?: Caller };

/**
 * Global guard: every route needs a live session unless marked @Public(). A request with an
 * `Authorization` header is a personal access token's instead: checked with the auth service on
 * every request (no cache, so a revoked token stops at once), and admitted only to a route whose
 * @RequiresScope the token holds.
 */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(
    private readonly sessions: SessionStore,
    private readonly reflector: Reflector,
    private readonly bus: BusClient,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<SessionRequest>();
    const targets = [context.getHandler(), context.getClass()];
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets);
    const authorization = request.headers.authorization;
    if (authorization !== undefined && !isPublic) {
      const token = await this.bus.request(tokensContracts.verifyToken, {
        secretHash: secretHashOf(authorization),
      });
      assertTokenMayCall(token, this.reflector.getAllAndOverride<TokenScope>(REQUIRED_SCOPE, targets));
      request.session = null;
      request.caller = { userId: token.userId, via: 'token', tokenId: token.tokenId, scopes: token.scopes };
      return true;
    }
    const cookie = readSessionCookie(request);
    request.session = cookie ? await this.sessions.touch(cookie) : null;
    if (request.session) request.caller = { userId: request.session.userId, via: 'session' };
    if (!isPublic && !request.session) throw unauthenticated('Not authenticated');
    return true;
  }
}

/** The calling user's id, by session or access token (guarded routes only). */
export const CurrentUserId = createParamDecorator((_data: unknown, context: ExecutionContext): number => {
  const caller = context.switchToHttp().getRequest<SessionRequest>().caller;
  if (!caller) throw unauthenticated('Not authenticated');
  return caller.userId;
});

/** The session, or null for an anonymous visitor (public routes). */
export const CurrentSession = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Session | null =>
    context.switchToHttp().getRequest<SessionRequest>().session ?? null,
);
