import { createParamDecorator, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { unauthenticated } from '@warmpath/server-kit';
import type { FastifyRequest } from 'fastify';
import { IS_PUBLIC } from '../../http/public.decorator.js';
import { readSessionCookie } from './session-cookie.js';
import { SessionStore, type Session } from './session.store.js';

type SessionRequest = FastifyRequest & { session?: Session | null };

/** Global guard: every route needs a live session unless marked @Public(). */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(
    private readonly sessions: SessionStore,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<SessionRequest>();
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [
      context.getHandler(),
      context.getClass(),
    ]);
    const cookie = readSessionCookie(request);
    request.session = cookie ? await this.sessions.touch(cookie) : null;
    if (!isPublic && !request.session) throw unauthenticated('Not authenticated');
    return true;
  }
}

/** The signed-in user's id (guarded routes only). */
export const CurrentUserId = createParamDecorator((_data: unknown, context: ExecutionContext): number => {
  const session = context.switchToHttp().getRequest<SessionRequest>().session;
  if (!session) throw unauthenticated('Not authenticated');
  return session.userId;
});

/** The session, or null for an anonymous visitor (public routes). */
export const CurrentSession = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Session | null =>
    context.switchToHttp().getRequest<SessionRequest>().session ?? null,
);
