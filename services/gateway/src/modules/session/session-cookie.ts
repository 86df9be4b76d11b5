import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayConfig } from '../../config/gateway.config.js';

export const SESSION_COOKIE = 'warmpath_session';
/**
 * The name over HTTPS. Browsers accept a `__Host-` cookie only with Secure, Path=/ and no Domain,
 * so no sibling subdomain or plain-HTTP page can set or overwrite it (cookie tossing).
 */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

/**
 * The session id the browser sent: the `__Host-` cookie when there is one; the plain one only on
 * a request that did not come over HTTPS (over HTTPS a plain cookie may have been tossed in).
 */
export function readSessionCookie(request: FastifyRequest): string | undefined {
  return (
    request.cookies?.[SECURE_SESSION_COOKIE] ??
    (request.protocol === 'https' ? undefined : request.cookies?.[SESSION_COOKIE])
  );
}

/** Whether cookies set on this request get Secure (COOKIE_SECURE, or the request came over TLS). */
export function isSecureCookie(request: FastifyRequest, config: GatewayConfig): boolean {
  if (config.COOKIE_SECURE !== 'auto') return config.COOKIE_SECURE === 'true';
  return request.protocol === 'https';
}

/** httpOnly (no script can read it), SameSite=Lax (no cross-site POSTs), Secure and `__Host-` behind TLS. */
export function setSessionCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  config: GatewayConfig,
  id: string,
): void {
  const secure = isSecureCookie(request, config);
  reply.setCookie(secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE, id, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: config.SESSION_ABSOLUTE_SECONDS,
  });
}

export function clearSessionCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  config: GatewayConfig,
): void {
  const secure = isSecureCookie(request, config);
  for (const name of secure ? [SECURE_SESSION_COOKIE, SESSION_COOKIE] : [SESSION_COOKIE])
    reply.clearCookie(name, {
      httpOnly: true,
      sameSite: 'lax',
      secure: name === SECURE_SESSION_COOKIE || secure,
      path: '/',
    });
}
