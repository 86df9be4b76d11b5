import { Inject, Injectable } from '@nestjs/common';
import { usernameKey } from '@warmpath/domain';
import { REDIS, SERVICE_CONFIG, ServiceError } from '@warmpath/server-kit';
import type { Redis } from 'ioredis';
import { createHash } from 'node:crypto';
import type { GatewayConfig } from '../../config/gateway.config.js';
import { RELEASE_SCRIPT, TRUSTED_ADMIT_SCRIPT, UNTRUSTED_ADMIT_SCRIPT } from './login-limit.scripts.js';

export const TOO_MANY_ATTEMPTS = 'Too many sign-in attempts. Please wait a few minutes and try again.';

/** The counters an admitted attempt holds until it is known to have succeeded. */
export interface LoginAdmission {
  keys: string[];
}

/**
 * Sign-in limits in Redis, shared by every gateway replica (docs/security.md "Sign-in and
 * registration limits"). Only failures count: each admitted attempt is counted before its password
 * is checked (so parallel guesses cannot slip past a limit) and uncounted once it succeeds. A
 * browser without this account's device cookie is held by failures of its address, of the
 * username from its address, and of the account from anywhere (past a few, a doubling delay); a
 * browser with one only by its own failures (OWASP device cookies). The answer is the same
 * whether or not the username exists.
 */
@Injectable()
export class LoginRateLimiter {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SERVICE_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** Counts this attempt as a failure until released; refuses it (429) when a limit is reached. */
  async admit(clientIp: string, username: string, deviceId: string | null): Promise<LoginAdmission> {
    const c = this.config;
    const window = c.LOGIN_WINDOW_SECONDS;
    if (deviceId !== null) {
      const keys = [`login:device:${deviceId}`];
      await this.run(TRUSTED_ADMIT_SCRIPT, keys, [window, c.LOGIN_MAX_FAILURES_PER_DEVICE]);
      return { keys };
    }
    const account = hash(usernameKey(username));
    const keys = [
      `login:client:${clientIp}`,
      `login:pair:${hash(`${clientIp}\n${usernameKey(username)}`)}`,
      `login:account:${account}`,
    ];
    await this.run(
      UNTRUSTED_ADMIT_SCRIPT,
      [...keys, `login:account-lock:${account}`],
      [
        window,
        c.LOGIN_MAX_FAILURES_PER_CLIENT,
        c.LOGIN_MAX_FAILURES_PER_PAIR,
        c.LOGIN_ACCOUNT_WINDOW_SECONDS,
        c.LOGIN_ACCOUNT_FREE_FAILURES,
        c.LOGIN_ACCOUNT_DELAY_SECONDS * 1000,
        c.LOGIN_ACCOUNT_MAX_DELAY_SECONDS * 1000,
      ],
    );
    return { keys };
  }

  /** The attempt succeeded (or never reached a password check): it was no failure. */
  async release(admission: LoginAdmission): Promise<void> {
    await this.redis.eval(RELEASE_SCRIPT, admission.keys.length, ...admission.keys);
  }

  private async run(script: string, keys: string[], args: number[]): Promise<void> {
    const waitMs = Number(await this.redis.eval(script, keys.length, ...keys, ...args.map(String)));
    if (waitMs !== 0) {
      const retryAfter = Math.max(1, Math.ceil(waitMs / 1000));
      throw new ServiceError('RATE_LIMITED', TOO_MANY_ATTEMPTS, undefined, retryAfter);
    }
  }
}

/** Hashed, so usernames people typed never sit in Redis in clear. */
const hash = (text: string): string => createHash('sha256').update(text).digest('base64url');
