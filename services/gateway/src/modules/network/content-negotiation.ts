import type { SnapshotEncoding } from '@warmpath/contracts';

export type ResponseEncoding = SnapshotEncoding | 'identity';

/** Server preference on equal quality: brotli is ~20% smaller than gzip on graph JSON. */
const PREFERENCE: readonly SnapshotEncoding[] = ['br', 'gzip'];

/**
 * The encoding to answer with, from the browser's Accept-Encoding (RFC 9110 §12.5.3): the stored
 * encoding with the highest q-value (`*` covers unlisted ones), else identity.
 */
export function chooseEncoding(acceptEncoding: string | string[] | undefined): ResponseEncoding {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  const quality = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    // A malformed q-value counts as "not acceptable": identity is always safe to send.
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = q === undefined ? 1 : /^[0-9.]+$/.test(q.slice(2)) ? Number(q.slice(2)) : 0;
    quality.set(name, Number.isFinite(value) ? value : 0);
  }
  let best: ResponseEncoding = 'identity';
  let bestQuality = 0;
  for (const encoding of PREFERENCE) {
    const q = quality.get(encoding) ?? quality.get('*') ?? 0;
    if (q > bestQuality) {
      best = encoding;
      bestQuality = q;
    }
  }
  return best;
}

/** If-None-Match with weak comparison (RFC 9110 §13.1.2): any listed tag, or `*`, matches. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === wanted);
}
