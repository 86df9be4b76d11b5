import { Inject, Injectable } from '@nestjs/common';
import { usernameKey } from '@warmpath/domain';
import { REDIS, SERVICE_CONFIG } from '@warmpath/server-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { GatewayConfig } from '../../config/gateway.config.js';
import { isSecureCookie } from './session-cookie.js';

const COOKIE_PREFIX = 'warmpath_device_';
const SECRET_KEY = 'login:device-secret';
/** Only /api/login reads it: no other request carries it. */
const COOKIE_PATH = '/api/login';

/**
 * Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies"): a browser that
 * signed in to an account gets `<issued>.<nonce>.<HMAC>` bound to that account, httpOnly, sent only
 * to /api/login. It lets that browser through the per-address and per-account limits, which then
 * hold only browsers new to the account (docs/security.md "Sign-in and registration limits").
 * One cookie per account, named by a keyed hash of the username, so a shared browser keeps each.
 */
@Injectable()
export class DeviceCookies {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SERVICE_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** The device id (a hash of the nonce) when the request carries a valid cookie for this username. */
  async deviceFor(request: FastifyRequest, username: string): Promise<string | null> {
    const folded = usernameKey(username);
    const secret = await this.secret();
    const value = request.cookies?.[cookieName(secret, folded)];
    const [issued, nonce, signature, extra] = value?.split('.') ?? [];
    if (!issued || !nonce || !signature || extra !== undefined) return null;
    const expected = Buffer.from(sign(secret, folded, issued, nonce));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    const ageSeconds = Date.now() / 1000 - Number.parseInt(issued, 36);
    if (!(ageSeconds >= 0 && ageSeconds <= this.maxAgeSeconds())) return null;
    return createHash('sha256').update(nonce).digest('base64url');
  }

  /** A fresh cookie for this account on every sign-in and registration. */
  async issue(request: FastifyRequest, reply: FastifyReply, username: string): Promise<void> {
    const folded = usernameKey(username);
    const secret = await this.secret();
    const issued = Math.floor(Date.now() / 1000).toString(36);
    const nonce = randomBytes(18).toString('base64url');
    reply.setCookie(cookieName(secret, folded), `${issued}.${nonce}.${sign(secret, folded, issued, nonce)}`, {
      httpOnly: true,
      sameSite: 'strict',
      secure: isSecureCookie(request, this.config),
      path: COOKIE_PATH,
      maxAge: this.maxAgeSeconds(),
    });
  }

  private maxAgeSeconds(): number {
    return this.config.LOGIN_DEVICE_COOKIE_DAYS * 24 * 3600;
  }

  /**
   * The configured key, else the one in Redis (set once by whichever replica comes first). Read
   * each time: if Redis loses it, every replica moves to the new one together and old cookies
   * only stop being trusted, which costs their browsers nothing but the exemption.
   */
  private async secret(): Promise<string> {
    if (this.config.LOGIN_DEVICE_SECRET) return this.config.LOGIN_DEVICE_SECRET;
    const fresh = randomBytes(32).toString('base64url');
    const existing = await this.redis.set(SECRET_KEY, fresh, 'NX', 'GET');
    return existing ?? fresh;
  }
}

function sign(secret: string, folded: string, issued: string, nonce: string): string {
  return createHmac('sha256', secret).update(`device\n${folded}\n${issued}\n${nonce}`).digest('base64url');
}

/** Keyed, so the cookie's name does not give the username away. */
function cookieName(secret: string, folded: string): string {
  const tag = createHmac('sha256', secret).update(`name\n${folded}`).digest('base64url').slice(0, 16);
  return `${COOKIE_PREFIX}${tag}`;
}
