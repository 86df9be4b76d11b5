import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { BusClient, createLogger } from '@warmpath/server-kit';
import { deleteRedisKeys } from '@warmpath/testing';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { createHash, randomBytes } from 'node:crypto';
import type { GatewayConfig } from '../../src/config/gateway.config.js';
import { RegistrationLimiter } from '../../src/modules/auth/registration-limiter.js';
import { AttemptLimiter, TOO_MANY_REGISTRATIONS } from '../../src/modules/session/attempt-limiter.js';
import { DeviceCookies } from '../../src/modules/session/device-cookie.js';
import { LoginRateLimiter, TOO_MANY_ATTEMPTS } from '../../src/modules/session/login-rate-limiter.js';

/** The sign-in limits' Redis scripts and the device cookies against a real Redis (its key prefix too). */
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const prefix = `it_${randomBytes(6).toString('hex')}:`;
const config = {
  LOGIN_WINDOW_SECONDS: 900,
  LOGIN_MAX_FAILURES_PER_CLIENT: 6,
  LOGIN_MAX_FAILURES_PER_PAIR: 3,
  LOGIN_ACCOUNT_FREE_FAILURES: 4,
  LOGIN_ACCOUNT_WINDOW_SECONDS: 86_400,
  LOGIN_ACCOUNT_DELAY_SECONDS: 30,
  LOGIN_ACCOUNT_MAX_DELAY_SECONDS: 100,
  LOGIN_MAX_FAILURES_PER_DEVICE: 2,
  LOGIN_DEVICE_COOKIE_DAYS: 180,
  COOKIE_SECURE: 'false',
  REGISTER_MAX_PER_CLIENT: 1,
  REGISTER_MAX_PER_INVITATION: 5,
} as GatewayConfig;

let redis: Redis;
let limiter: LoginRateLimiter;
let devices: DeviceCookies;
let nc: NatsConnection;

beforeAll(async () => {
  redis = new Redis(REDIS_URL, { keyPrefix: prefix });
  limiter = new LoginRateLimiter(redis, config);
  devices = new DeviceCookies(redis, config);
  nc = await connect({ servers: NATS_URL, name: 'gateway-login-limits-it' });
});

afterAll(async () => {
  await deleteRedisKeys(REDIS_URL, prefix);
  redis?.disconnect();
  await nc?.close();
});

const refused = { code: 'RATE_LIMITED', message: TOO_MANY_ATTEMPTS };
let nextName = 0;
const username = () => `user${nextName++}_${randomBytes(3).toString('hex')}`;
const fail = (ip: string, name: string, device: string | null = null) => limiter.admit(ip, name, device);
const succeed = async (ip: string, name: string, device: string | null = null) =>
  limiter.release(await limiter.admit(ip, name, device));

describe('LoginRateLimiter', () => {
  it('never counts a success: an address signs in any number of times', async () => {
    for (let i = 0; i < 50; i += 1) await succeed('10.0.0.1', username());
    expect(await redis.get('login:client:10.0.0.1')).toBe('0');
  });

  it('holds browsers new to an account once their address reaches its failure ceiling', async () => {
    for (let i = 0; i < 6; i += 1) await fail('10.0.0.2', username());
    await expect(succeed('10.0.0.2', username())).rejects.toMatchObject(refused);
    // Another address, and a known browser on this one, are not held.
    await succeed('10.0.0.3', username());
    await succeed('10.0.0.2', username(), 'device-a');
  });

  it('counts parallel guesses before their passwords are checked: none slips past a limit', async () => {
    const name = username();
    const answers = await Promise.allSettled(Array.from({ length: 10 }, () => fail('10.0.0.4', name)));
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(3);
  });

  it('names the same account the way the auth service does (case, width, invisible characters)', async () => {
    const name = username();
    await fail('10.0.0.5', name);
    await fail('10.0.0.5', name.toUpperCase());
    await fail('10.0.0.5', `${name}\u200b`);
    await expect(fail('10.0.0.5', ` ${name} `)).rejects.toMatchObject(refused);
  });

  it('shuts new browsers out of an account after its free failures, for a delay that doubles', async () => {
    const name = username();
    const lock = `login:account-lock:${createHash('sha256').update(name).digest('base64url')}`;
    for (let i = 0; i < 4; i += 1) await fail(`10.1.0.${i}`, name);
    expect(await redis.exists(lock)).toBe(0);
    await fail('10.1.1.1', name);
    const lockedOut = await succeed('10.1.1.2', name).catch((error: unknown) => error);
    // Retry-After says how long the lock has left.
    expect(lockedOut).toMatchObject({ ...refused, retryAfterSeconds: 30 });
    await succeed('10.1.1.2', name, 'device-b');
    const first = await redis.pttl(lock);
    expect(first).toBeGreaterThan(25_000);
    expect(first).toBeLessThanOrEqual(30_000);
    await redis.del(lock);
    await fail('10.1.1.3', name);
    const second = await redis.pttl(lock);
    expect(second).toBeGreaterThan(55_000);
    expect(second).toBeLessThanOrEqual(60_000);
    for (let i = 0; i < 3; i += 1) {
      await redis.del(lock);
      await fail(`10.1.2.${i}`, name);
    }
    expect(await redis.pttl(lock)).toBeLessThanOrEqual(100_000);
  });

  it('gives a known browser a failure limit of its own', async () => {
    const name = username();
    await fail('10.0.0.6', name, 'device-c');
    await fail('10.0.0.6', name, 'device-c');
    await expect(succeed('10.0.0.6', name, 'device-c')).rejects.toMatchObject(refused);
    await succeed('10.0.0.6', name, 'device-d');
  });
});

/** Just enough of Fastify's request and reply for the cookies. */
function browser() {
  const jar = new Map<string, string>();
  const options: Record<string, unknown>[] = [];
  const request = { protocol: 'http', cookies: {} as Record<string, string> };
  const reply = {
    setCookie(name: string, value: string, opts: Record<string, unknown>) {
      jar.set(name, value);
      options.push(opts);
      request.cookies[name] = value;
    },
  };
  return {
    request: request as unknown as FastifyRequest,
    reply: reply as unknown as FastifyReply,
    jar,
    options,
  };
}

describe('DeviceCookies', () => {
  it('recognises the browser it was issued to, for that account only', async () => {
    const { request, reply, jar, options } = browser();
    await devices.issue(request, reply, 'Ana.Lima');
    expect(options[0]).toMatchObject({
      httpOnly: true,
      sameSite: 'strict',
      path: '/api/login',
      secure: false,
    });
    expect(await devices.deviceFor(request, 'ana.lima')).toEqual(expect.any(String));
    expect(await devices.deviceFor(request, 'ben')).toBeNull();
    const [name, value] = [...jar][0] as [string, string];
    expect(name).not.toContain('ana');
    // Another account's cookie under this account's name is refused: the HMAC binds the username.
    const other = browser();
    await devices.issue(other.request, other.reply, 'ben');
    const [, bens] = [...other.jar][0] as [string, string];
    const swapped = { protocol: 'http', cookies: { [name]: bens } } as unknown as FastifyRequest;
    expect(await devices.deviceFor(swapped, 'ana.lima')).toBeNull();
    const tampered = { protocol: 'http', cookies: { [name]: `${value}x` } } as unknown as FastifyRequest;
    expect(await devices.deviceFor(tampered, 'ana.lima')).toBeNull();
  });

  it('refuses a cookie older than LOGIN_DEVICE_COOKIE_DAYS, however well signed', async () => {
    const oneDay = new DeviceCookies(redis, { ...config, LOGIN_DEVICE_COOKIE_DAYS: 1 });
    const issuedAgo = async (hours: number) => {
      const { request, reply } = browser();
      const now = jest.spyOn(Date, 'now').mockReturnValue(Date.now() - hours * 3600_000);
      try {
        await oneDay.issue(request, reply, 'traveller');
      } finally {
        now.mockRestore();
      }
      return oneDay.deviceFor(request, 'traveller');
    };
    expect(await issuedAgo(23)).toEqual(expect.any(String));
    expect(await issuedAgo(25)).toBeNull();
  });

  it('shares one key between replicas through Redis', async () => {
    const { request, reply } = browser();
    await devices.issue(request, reply, 'shared');
    const otherConnection = new Redis(REDIS_URL, { keyPrefix: prefix });
    try {
      const replica = new DeviceCookies(otherConnection, config);
      const known = await replica.deviceFor(request, 'shared');
      expect(known).toEqual(expect.any(String));
      expect(known).toEqual(await devices.deviceFor(request, 'shared'));
    } finally {
      otherConnection.disconnect();
    }
  });
});

describe('RegistrationLimiter', () => {
  it('applies the address limit when the teams service cannot say whether an invitation is usable', async () => {
    // No teams service answers on this run's subjects.
    const bus = new BusClient(nc, {
      service: 'gateway-it',
      natsUrl: NATS_URL,
      prefix: prefix.slice(0, -1),
      requestTimeoutMs: 1000,
    });
    const registrations = new RegistrationLimiter(
      new AttemptLimiter(redis),
      bus,
      config,
      createLogger('gateway', 'silent'),
    );
    const token = 'A'.repeat(43);
    await registrations.admit('10.9.0.1', 'ana@example.org', token);
    await expect(registrations.admit('10.9.0.1', 'bea@example.org', token)).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      message: TOO_MANY_REGISTRATIONS,
    });
  });
});
