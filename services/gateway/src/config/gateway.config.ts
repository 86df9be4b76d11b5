import { z } from 'zod';
import { baseEnvSchema, port, positiveInt, redisEnvSchema } from '@warmpath/server-kit';
import { fileURLToPath } from 'node:url';
import { trustProxySchema } from './trust-proxy.js';

const defaultWebDist = fileURLToPath(new URL('../../../../web/dist', import.meta.url));

/** An http(s) URL without a trailing slash, so paths can be appended to it. */
const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
  .transform((value) => value.replace(/\/+$/, ''));

export const gatewayConfigSchema = baseEnvSchema.extend(redisEnvSchema.shape).extend({
  /** The public HTTP port (API, web app, /health/live and /health/ready). */
  PORT: port.default(3000),
  HOST: z.string().default('127.0.0.1'),
  /** Prometheus /metrics only, for the scraper: never routed to users. 0 picks a free port. */
  METRICS_PORT: port.default(0),
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** Folder of the built web app (vite build output). */
  WEB_DIST: z.string().default(defaultWebDist),
  /**
   * Idle budget: a connection on which nothing is received or sent for this long is closed (so
   * also the longest a request may wait for its answer in silence).
   */
  REQUEST_TIMEOUT_MS: positiveInt.default(30_000),
  /**
   * Total budget to receive a whole request, the upload's body included: 10 min lets a 10 MiB
   * file arrive at ~17 KB/s. A request still arriving then is answered 408.
   */
  UPLOAD_TIMEOUT_MS: positiveInt.default(10 * 60_000),
  /** JSON body limit; uploads have their own limit. */
  BODY_LIMIT_BYTES: positiveInt.default(1024 * 1024),
  /** Per-service budget of GET /api/health; well under the 2 s a probe waits. */
  HEALTH_TIMEOUT_MS: positiveInt.default(1500),
  /** A session unused for this long ends. */
  SESSION_IDLE_SECONDS: positiveInt.default(7 * 24 * 3600),
  /** A session ends this long after sign-in, however active. */
  SESSION_ABSOLUTE_SECONDS: positiveInt.default(30 * 24 * 3600),
  /** Proxies whose X-Forwarded-* headers are believed (docs/security.md); default none. */
  TRUST_PROXY: trustProxySchema,
  /** 'auto' sets Secure on the cookie when the request came over TLS (directly or via a proxy). */
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  /*
   * Sign-in limits (docs/security.md "Sign-in and registration limits"): only failures count,
   * never successes; a browser with this account's device cookie passes the address and account
   * limits and has its own.
   */
  /** Failed sign-ins per username from one client address per window; then that pair waits. */
  LOGIN_MAX_FAILURES_PER_PAIR: positiveInt.default(5),
  /** Failed sign-ins from one client address per window; then browsers new to the account wait. */
  LOGIN_MAX_FAILURES_PER_CLIENT: positiveInt.default(100),
  LOGIN_WINDOW_SECONDS: positiveInt.default(15 * 60),
  /** Failed sign-ins per account, from any address, per LOGIN_ACCOUNT_WINDOW_SECONDS before delays. */
  LOGIN_ACCOUNT_FREE_FAILURES: positiveInt.default(10),
  LOGIN_ACCOUNT_WINDOW_SECONDS: positiveInt.default(24 * 3600),
  /** Each failure past the free ones shuts new browsers out of the account this long, doubled each time. */
  LOGIN_ACCOUNT_DELAY_SECONDS: positiveInt.default(30),
  LOGIN_ACCOUNT_MAX_DELAY_SECONDS: positiveInt.default(3600),
  /** Failed sign-ins per device cookie per window; then that browser waits too. */
  LOGIN_MAX_FAILURES_PER_DEVICE: positiveInt.default(5),
  /** How long a browser stays known to an account after its last sign-in. */
  LOGIN_DEVICE_COOKIE_DAYS: positiveInt.default(180),
  /**
   * HMAC key of the device cookies (32+ characters), the same on every replica. Unset: a random
   * key kept in Redis, made by the first replica that needs it.
   */
  LOGIN_DEVICE_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Registrations per client address per hour (each costs a password hash). */
  REGISTER_MAX_PER_CLIENT: positiveInt.default(100),
  /** Registrations per usable invitation per hour; these do not count against the address. */
  REGISTER_MAX_PER_INVITATION: positiveInt.default(5),
  /** Password change attempts per user per LOGIN_WINDOW_SECONDS (each costs a hash; stops guessing). */
  PASSWORD_CHANGE_MAX_ATTEMPTS: positiveInt.default(5),
  /** Where browsers reach the app; OAuth redirect URIs are built from it (docs/oauth.md). */
  PUBLIC_URL: httpUrl.default('http://127.0.0.1:3000'),
  /**
   * Origins (comma-separated, e.g. `https://app.example.com,https://www.example.com`) whose pages may
   * send state-changing requests, besides the host the browser addressed. Empty: PUBLIC_URL's origin.
   */
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .refine(
      (list) => list.split(',').every((o) => !o.trim() || URL.canParse(o.trim())),
      'must be a comma-separated list of origins such as https://app.example.com',
    ),
  /** Budget of each call to a provider (discovery, token, userinfo, JWKS). */
  OAUTH_HTTP_TIMEOUT_MS: positiveInt.default(10_000),
  /** A provider is configured when both its client id and secret are set. */
  LINKEDIN_CLIENT_ID: z.string().optional(),
  LINKEDIN_CLIENT_SECRET: z.string().optional(),
  /** OpenID Connect issuer; endpoints come from `${issuer}/.well-known/openid-configuration`. */
  LINKEDIN_ISSUER: httpUrl.default('https://www.linkedin.com/oauth'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: httpUrl.default('https://accounts.google.com'),
  /** GitHub is plain OAuth 2 (no discovery): its endpoints, overridable for tests and GitHub Enterprise. */
  GITHUB_CLIENT_ID: z.string().optional(),
  GITHUB_CLIENT_SECRET: z.string().optional(),
  GITHUB_AUTHORIZE_URL: httpUrl.default('https://github.com/login/oauth/authorize'),
  GITHUB_TOKEN_URL: httpUrl.default('https://github.com/login/oauth/access_token'),
  GITHUB_API_URL: httpUrl.default('https://api.github.com'),
  /** Largest CSV upload; a bigger one is answered 413 without reading the rest. */
  IMPORT_MAX_FILE_BYTES: positiveInt.default(10 * 1024 * 1024),
  /** How long the synchronous import routes wait for the import before answering 202 with its id. */
  IMPORT_SYNC_WAIT_MS: positiveInt.default(20_000),
  /** A synchronous route answers the network inline up to this many people; past it, 202 and the import id. */
  IMPORT_SYNC_MAX_CONNECTIONS: positiveInt.default(5000),
  /** Comment lines on an import's event stream keep proxies from closing it while nothing happens. */
  IMPORT_SSE_HEARTBEAT_MS: positiveInt.default(15_000),
  /** Anonymous previews (POST /api/network/import) per client address per hour; more are refused 429. */
  IMPORT_PREVIEW_MAX_PER_CLIENT: positiveInt.default(10),
  /** Open progress streams per user on one gateway replica; more are refused 429. */
  IMPORT_SSE_MAX_PER_USER: positiveInt.default(10),
  /** Uploads of imports that never ran are dropped by the object store after this long. */
  IMPORT_UPLOAD_TTL_HOURS: positiveInt.default(24),
});
export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;
