import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { Events, OAuth2Server } from 'oauth2-mock-server';
import { startService, stopService } from '../support/stack-control.js';
import { present } from '../support/present.js';

/** The profile the local providers hand out for the next sign-in. */
export interface MockProfile {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
  preferred_username?: string;
  /** Overrides the token audience (normally the client id), to test that the gateway checks it. */
  aud?: string;
}

/** A real OpenID Connect server (oauth2-mock-server) on 127.0.0.1: discovery, JWKS, signed id_tokens, PKCE. */
export async function startOidcProvider(): Promise<{
  server: OAuth2Server;
  url: string;
  use(profile: MockProfile): void;
}> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  // Its default issuer is http://localhost:<port>; keep one address so `iss` matches what the gateway fetched.
  const url = `http://127.0.0.1:${server.address().port}`;
  server.issuer.url = url;
  let profile: MockProfile = { sub: 'nobody' };
  server.service.on(Events.BeforeTokenSigning, (token) => {
    token.payload.sub = profile.sub;
    if (profile.aud) token.payload.aud = profile.aud;
  });
  server.service.on(Events.BeforeUserinfo, (response) => {
    const { aud: _aud, ...claims } = profile;
    response.body = claims;
  });
  return { server, url, use: (next) => (profile = next) };
}

export interface GithubProfile {
  id: number;
  login: string;
  name: string | null;
  emails: { email: string; primary: boolean; verified: boolean }[];
}

/**
 * A tiny stand-in for GitHub's OAuth endpoints and REST API (/user, /user/emails), with its
 * quirks: a refused code is a 200 with an `error` field, and the API wants a User-Agent.
 */
export async function startGithubProvider(client: { id: string; secret: string }) {
  const codes = new Map<string, { challenge: string; redirectUri: string }>();
  const tokens = new Set<string>();
  let profile: GithubProfile = { id: 1, login: 'nobody', name: null, emails: [] };
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://github.test');
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.method === 'GET' && url.pathname === '/login/oauth/authorize') {
      const code = randomBytes(10).toString('hex');
      const redirectUri = url.searchParams.get('redirect_uri') ?? '';
      codes.set(code, { challenge: url.searchParams.get('code_challenge') ?? '', redirectUri });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: back.toString() }).end();
      return;
    }
    if (req.method === 'POST' && url.pathname === '/login/oauth/access_token') {
      const form = new URLSearchParams(await readBody(req));
      const grant = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      const verifier = createHash('sha256')
        .update(form.get('code_verifier') ?? '')
        .digest('base64url');
      const valid =
        form.get('client_id') === client.id &&
        form.get('client_secret') === client.secret &&
        grant !== undefined &&
        grant.redirectUri === form.get('redirect_uri') &&
        grant.challenge === verifier;
      if (!valid)
        return void json(200, {
          error: 'bad_verification_code',
          error_description: 'The code passed is incorrect or expired.',
        });
      const token = `gho_${randomBytes(12).toString('hex')}`;
      tokens.add(token);
      return void json(200, { access_token: token, token_type: 'bearer', scope: 'read:user,user:email' });
    }
    const authorized =
      tokens.has((req.headers.authorization ?? '').replace(/^Bearer /, '')) && !!req.headers['user-agent'];
    if (!authorized) return void json(401, { message: 'Bad credentials' });
    if (url.pathname === '/api/user') {
      return void json(200, {
        id: profile.id,
        login: profile.login,
        name: profile.name,
        email: null,
        avatar_url: `https://avatars.example/${profile.id}`,
      });
    }
    if (url.pathname === '/api/user/emails') return void json(200, profile.emails);
    json(404, { message: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    url,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    use: (next: GithubProfile) => (profile = next),
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) body += String(chunk);
  return body;
}

/** Restarts the stack's gateway with extra environment (provider settings), and waits until it answers. */
export async function restartGateway(env?: Record<string, string>): Promise<void> {
  await stopService('gateway');
  await startService('gateway', env);
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const ok = await fetch(`${process.env.WARMPATH_URL}/api/health`).then(
      (r) => r.ok,
      () => false, // not listening yet
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the gateway did not come back within 30 s');
}

/** Follows the browser's trip: start route → provider authorize → back to our redirect URI (not followed). */
export async function authorize(request: APIRequestContext, startPath: string): Promise<URL> {
  const start = await request.get(startPath, { maxRedirects: 0 });
  expect(start.status()).toBe(302);
  const atProvider = await request.get(present(start.headers().location, 'a redirect'), { maxRedirects: 0 });
  expect(atProvider.status()).toBe(302);
  return new URL(present(atProvider.headers().location, 'a redirect to the provider'));
}

export const setCookie = (response: APIResponse, name: string) =>
  response.headersArray().find((h) => h.name.toLowerCase() === 'set-cookie' && h.value.startsWith(`${name}=`))
    ?.value;

export const uniqueId = () => randomBytes(4).toString('hex');
