import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayConfig } from '../../config/gateway.config.js';

export const SESSION_COOKIE = 'warmpath_session';

export function readSessionCookie(request: FastifyRequest): string | undefined {
  return request.cookies?.[SESSION_COOKIE];
}

function isSecure(request: FastifyRequest, config: GatewayConfig): boolean {
  if (config.COOKIE_SECURE !== 'auto') return config.COOKIE_SECURE === 'true';
  return request.protocol === 'https';
}

/** httpOnly (no script can read it), SameSite=Lax (no cross-site POSTs), Secure behind TLS. */
export function setSessionCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  config: GatewayConfig,
  id: string,
): void {
  reply.setCookie(SESSION_COOKIE, id, {
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(request, config),
    path: '/',
    maxAge: config.SESSION_ABSOLUTE_SECONDS,
  });
}

export function clearSessionCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  config: GatewayConfig,
): void {
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(request, config),
    path: '/',
  });
}
