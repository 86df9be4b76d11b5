import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendErrorReply } from './error-reply.js';

export const CROSS_SITE_REFUSED = 'Cross-site requests are not allowed.';
export const JSON_ONLY = 'Send a JSON body (Content-Type: application/json).';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * The CSV uploads: they read multipart only (UploadReceiver), and answer any other body with
 * their dialog's own "no file selected" message (docs/product.md#uploads), so they are left to it.
 */
const UPLOAD_ROUTES = new Set([
  '/api/network/import',
  '/api/network/import/authenticated',
  '/api/linkedin/import-csv',
]);
/** Bulk uploads into a workspace and a source's newer export (docs/workspace-sources.md): multipart too. */
const UPLOAD_ROUTE_PATTERN = /^\/api\/teams\/[^/]+\/(bulk-imports|sources\/[^/]+)$/;
/**
 * A target list's upload (docs/targets.md#routes): a multipart file or JSON pasted lines; the
 * route answers any other body 415 itself.
 */
const TARGET_LIST_UPLOAD = /^\/api\/(teams\/[^/]+\/)?target-lists$/;

const isUploadRoute = (path: string): boolean =>
  UPLOAD_ROUTES.has(path) || UPLOAD_ROUTE_PATTERN.test(path) || TARGET_LIST_UPLOAD.test(path);

/** Parses ALLOWED_ORIGINS (comma-separated origins); an empty list means the PUBLIC_URL's origin. */
export function allowedOrigins(list: string, publicUrl: string): Set<string> {
  const origins = list
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  return new Set((origins.length ? origins : [publicUrl]).map((o) => new URL(o).origin));
}

/**
 * Whether a state-changing request comes from the app's own pages. Browsers send Origin on every
 * POST/PUT/PATCH/DELETE (form or fetch); it must be a configured origin or the very host the browser
 * addressed (Host), which a page of another origin cannot forge. Without Origin, Sec-Fetch-Site
 * must not say another site or another origin of the same site (another port). Requests with
 * neither header are not from a browser (curl, server-to-server) and carry no victim's cookie.
 */
export function isSameOrigin(request: FastifyRequest, allowed: Set<string>): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) {
    if (allowed.has(origin)) return true;
    try {
      return new URL(origin).host === request.headers.host;
    } catch {
      return false; // "null" (sandboxed frames, privacy redirects) and anything malformed
    }
  }
  const site = request.headers['sec-fetch-site'];
  return site !== 'cross-site' && site !== 'same-site';
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

function mediaType(request: FastifyRequest): string {
  const [type = ''] = String(request.headers['content-type'] ?? '').split(';');
  return type.trim().toLowerCase();
}

/**
 * Login CSRF and cross-site writes: state-changing requests from another origin are refused 403,
 * and bodies are JSON only (the upload routes take multipart only), 415 otherwise, so an HTML form on
 * another site can neither sign a victim in nor post for them. Runs before any body is read.
 */
export function installRequestOriginChecks(fastify: FastifyInstance, allowed: Set<string>): void {
  fastify.addHook('onRequest', async (request, reply) => {
    if (!STATE_CHANGING.has(request.method)) return;
    if (!isSameOrigin(request, allowed))
      return sendErrorReply(request, reply, 'FORBIDDEN', CROSS_SITE_REFUSED);
    if (!hasBody(request) || isUploadRoute(request.url.split('?')[0] ?? '')) return;
    if (mediaType(request) !== 'application/json')
      return sendErrorReply(request, reply, 'UNSUPPORTED_MEDIA_TYPE', JSON_ONLY);
  });
}
