import { z } from 'zod';
import type { TokenScope } from '../auth/tokens.schema.js';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Who may call a route: anyone (`public`), a signed-in browser only (`session`: access tokens are
 * refused, the default for every route), or a session or an access token holding this scope.
 */
export type RouteAccess = 'public' | 'session' | TokenScope;

export interface ApiBody {
  contentType: 'application/json' | 'multipart/form-data';
  schema: z.ZodType;
  /** Another media type the route also takes (a target list: multipart or JSON pasted lines). */
  alternative?: { contentType: 'application/json' | 'multipart/form-data'; schema: z.ZodType };
}

export interface ApiResponse {
  description: string;
  /** No schema: a body-less answer (a redirect, a 304). */
  schema?: z.ZodType;
  contentType?: string;
  headers?: Record<string, string>;
}

/**
 * One `/api` route, declared once: the OpenAPI document is generated from these descriptors, and
 * the gateway's route test fails when a route it registers is missing here (or differs in access).
 */
export interface ApiRoute {
  method: HttpMethod;
  /** OpenAPI form: `/api/teams/{id}`, with the parameter names the gateway's controller uses. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  access: RouteAccess;
  body?: ApiBody;
  query?: z.ZodObject;
  /** Successful answers by status. */
  responses: Record<number, ApiResponse>;
  /** Error statuses this route answers besides the common ones (401/403 of guarded routes, 429, 503, 504). */
  errors?: number[];
  /** Accepts `Prefer: respond-async` (202 with the status and events URLs at once). */
  respondAsync?: boolean;
  /** Accepts `Idempotency-Key`. */
  idempotent?: boolean;
}

export const json = (schema: z.ZodType, description: string): ApiResponse => ({ description, schema });

export const jsonBody = (schema: z.ZodType): ApiBody => ({ contentType: 'application/json', schema });

const LINKEDIN_EXPORT_FILE =
  "LinkedIn's Connections.csv, or the ZIP archive LinkedIn sends (at most IMPORT_MAX_FILE_BYTES)";

/** A multipart upload: the field `file` (what it holds), and any text fields named here with what they mean. */
export function multipartBody(fields: Record<string, string> = {}, file = LINKEDIN_EXPORT_FILE): ApiBody {
  const text = Object.fromEntries(
    Object.entries(fields).map(([name, description]) => [name, z.string().optional().meta({ description })]),
  );
  return {
    contentType: 'multipart/form-data',
    schema: z.object({
      file: z.string().meta({ format: 'binary', description: file }),
      ...text,
    }),
  };
}

/** Server-Sent Events: one `progress` event per change, each an instance of `schema`. */
export const eventStream = (schema: z.ZodType, description: string): ApiResponse => ({
  description,
  schema,
  contentType: 'text/event-stream',
});
