import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayConfig } from '../../config/gateway.config.js';
import { STATE_TTL_SECONDS } from './oauth-state.js';

/** Binds a started sign-in to the browser that started it (login CSRF: a state alone is not enough). */
export const OAUTH_COOKIE = 'warmpath_oauth';

// Same rule as the session cookie: Secure when the request came over TLS, unless config says otherwise.
function isSecure(request: FastifyRequest, config: GatewayConfig): boolean {
  if (config.COOKIE_SECURE !== 'auto') return config.COOKIE_SECURE === 'true';
  return request.protocol === 'https';
}

export function readOAuthCookie(request: FastifyRequest): string | undefined {
  return request.cookies?.[OAUTH_COOKIE];
}

/** SameSite=Lax: the provider sends the browser back with a top-level GET, which carries Lax cookies. */
export function setOAuthCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  config: GatewayConfig,
  binding: string,
): void {
  reply.setCookie(OAUTH_COOKIE, binding, {
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(request, config),
    path: '/',
    maxAge: STATE_TTL_SECONDS,
  });
}

export function clearOAuthCookie(reply: FastifyReply, request: FastifyRequest, config: GatewayConfig): void {
  reply.clearCookie(OAUTH_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(request, config),
    path: '/',
  });
}
