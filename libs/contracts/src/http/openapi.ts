import { z } from 'zod';
import { TOKEN_SCOPE_DESCRIPTIONS } from '../auth/tokens.schema.js';
import { httpErrorSchema } from '../errors/error-codes.js';
import type { ApiRoute } from './api-route.js';

type Json = Record<string, unknown>;

/** What each error status means across the API; the body is always the error envelope. */
const ERROR_STATUSES: Record<number, string> = {
  400: 'Invalid request: `message` says why, `fields` names each invalid field',
  401: 'Not signed in, or the access token is malformed, unknown, expired or revoked',
  403: 'Not allowed: the access token lacks the scope this route needs (named in `message`), the route takes no access tokens, or your role does not allow it',
  404: 'Not found (a workspace you are not a member of answers exactly like one that does not exist)',
  409: 'Conflict with the current state (for uploads: the Idempotency-Key was used with other bytes)',
  410: 'Gone (used, revoked or expired)',
  413: 'The upload is larger than IMPORT_MAX_FILE_BYTES',
  415: 'Not a CSV or ZIP file (uploads), or not JSON (other bodies)',
  429: 'Too many requests; `Retry-After` says when to try again',
  502: 'An upstream provider failed',
  503: 'A backend service is unavailable; try again',
  504: 'A backend service did not answer in time; try again',
};

const DESCRIPTION = `Warmpath's HTTP API. Every error is the JSON envelope \`Error\` (\`code\`, \`message\`, \`statusCode\`, \`requestId\`).

**Authentication.** A browser session (the \`warmpath_session\` cookie, from \`POST /api/login\`) may call every route. A personal access token (created on the profile page or with \`POST /api/tokens\`) is sent as \`Authorization: Bearer wp_pat_…\` and reaches only the routes whose scope it holds: ${Object.entries(
  TOKEN_SCOPE_DESCRIPTIONS,
)
  .map(([scope, what]) => `\`${scope}\` (${what.toLowerCase()})`)
  .join(', ')}. A route that names no scope answers a token 403: tokens never manage tokens or the account.

**Asynchronous uploads.** The import routes wait for the import to finish. With \`Prefer: respond-async\` they answer 202 at once with \`statusUrl\` (\`GET /api/imports/{id}\`) and \`eventsUrl\` (\`GET /api/imports/{id}/events\`, Server-Sent Events).

**Idempotent uploads.** With \`Idempotency-Key\` (1 to 255 visible ASCII characters, kept 24 hours per user), a retried upload of the same bytes answers the same import; the same key with other bytes is 409. On \`POST /api/teams/{id}/bulk-imports\` the same key with the same files (each file's bytes, name and e-mail, in order, into the same workspace) answers the same bulk, and nothing is imported again.`;

/** A zod schema as an OpenAPI 3.1 (JSON Schema 2020-12) schema: requests as accepted, replies as sent. */
export function toOpenApiSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as Json;
  return rest;
}

const operationId = (route: ApiRoute): string =>
  route.method +
  route.path
    .replace(/^\/api/, '')
    .split(/[/.{}-]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

function parameters(route: ApiRoute): Json[] {
  const path = [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const queryParams: Json[] = [];
  if (route.query) {
    const schema = toOpenApiSchema(route.query, 'input') as { properties?: Json; required?: string[] };
    for (const [name, property] of Object.entries(schema.properties ?? {}))
      queryParams.push({
        name,
        in: 'query',
        required: schema.required?.includes(name) ?? false,
        schema: property,
      });
  }
  const headers: Json[] = [];
  if (route.respondAsync)
    headers.push({
      name: 'Prefer',
      in: 'header',
      required: false,
      description:
        '`respond-async`: answer 202 at once with `statusUrl` and `eventsUrl` instead of waiting for the import',
      schema: { type: 'string', examples: ['respond-async'] },
    });
  if (route.idempotent)
    headers.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description:
        'Retry safely: the same key and the same bytes answer the same import or bulk (kept 24 hours, per user); the same key with other bytes is 409',
      schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7E]+$' },
    });
  return [...path, ...queryParams, ...headers];
}

function responses(route: ApiRoute): Json {
  const answers: Json = {};
  for (const [status, response] of Object.entries(route.responses)) {
    const answer: Json = { description: response.description };
    if (response.schema || response.contentType)
      answer.content = {
        [response.contentType ?? 'application/json']: response.schema
          ? { schema: toOpenApiSchema(response.schema, 'output') }
          : {},
      };
    if (response.headers)
      answer.headers = Object.fromEntries(
        Object.entries(response.headers).map(([name, description]) => [
          name,
          { description, schema: { type: 'string' } },
        ]),
      );
    answers[status] = answer;
  }
  const guarded = route.access !== 'public' ? [401, 403] : [];
  for (const status of [...new Set([...(route.errors ?? []), ...guarded])].sort())
    answers[status] = { $ref: `#/components/responses/Error${status}` };
  answers.default = { $ref: '#/components/responses/Error' };
  return answers;
}

function security(route: ApiRoute): Json[] {
  if (route.access === 'public') return [];
  if (route.access === 'session') return [{ session: [] }];
  return [{ session: [] }, { accessToken: [route.access] }];
}

function accessNote(route: ApiRoute): string {
  if (route.access === 'public') return 'Public.';
  if (route.access === 'session') return 'Signed-in session only (access tokens are refused 403).';
  return `Session, or an access token with the scope \`${route.access}\`.`;
}

function operation(route: ApiRoute): Json {
  const op: Json = {
    operationId: operationId(route),
    tags: [route.tag],
    summary: route.summary,
    description: [route.description, accessNote(route)].filter(Boolean).join('\n\n'),
    security: security(route),
    parameters: parameters(route),
    responses: responses(route),
  };
  if (route.access !== 'public' && route.access !== 'session') op['x-token-scope'] = route.access;
  if (route.body) {
    const bodies = [route.body, ...(route.body.alternative ? [route.body.alternative] : [])];
    op.requestBody = {
      required: true,
      content: Object.fromEntries(
        bodies.map((body) => [body.contentType, { schema: toOpenApiSchema(body.schema, 'input') }]),
      ),
    };
  }
  return op;
}

/** The OpenAPI 3.1 document of these routes. */
export function buildOpenApiDocument(routes: readonly ApiRoute[], version: string): Json {
  const paths: Record<string, Json> = {};
  for (const route of routes) (paths[route.path] ??= {})[route.method] = operation(route);
  const errorResponse = (description: string) => ({
    description,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  });
  return {
    openapi: '3.1.1',
    info: { title: 'Warmpath API', version, description: DESCRIPTION },
    servers: [{ url: '/' }],
    tags: [...new Set(routes.map((route) => route.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: { Error: toOpenApiSchema(httpErrorSchema, 'output') },
      responses: {
        Error: errorResponse('An error, in the error envelope'),
        ...Object.fromEntries(
          Object.entries(ERROR_STATUSES).map(([status, text]) => [`Error${status}`, errorResponse(text)]),
        ),
      },
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: 'warmpath_session',
          description: 'The browser session',
        },
        accessToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'wp_pat_…',
          description: 'A personal access token; reaches the routes of its scopes only',
        },
      },
    },
  };
}
