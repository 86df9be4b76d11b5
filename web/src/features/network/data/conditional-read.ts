/** What a route last answered: its ETag and what its body read as. */
export interface Cached<T> {
  etag: string;
  value: T;
}

/** A conditional read: the value (`fresh` when it was read from a 200 now) or why there is none. */
export type ConditionalRead<T> =
  { ok: true; etag: string; value: T; fresh: boolean } | { ok: false; reason: string };

/**
 * GET `url` with If-None-Match on what `cache` holds for it: a 304, or a 200 carrying the ETag
 * held, answers the held value without reading the body; a 200 is read with `parse` and held.
 * An answer without an ETag is refused: the split read pairs its parts by their ETags. A failure says why, in words.
 */
export async function readConditional<T>(
  fetchFn: typeof fetch,
  url: string,
  accept: string,
  cache: Map<string, Cached<T>>,
  parse: (response: Response) => Promise<T>,
): Promise<ConditionalRead<T>> {
  const held = cache.get(url);
  const headers = new Headers({ accept });
  if (held) headers.set('if-none-match', held.etag);
  let response: Response;
  try {
    // A Request object: the tests' fake server routes on it.
    response = await fetchFn(new Request(url, { headers, credentials: 'include' }));
  } catch (error) {
    return { ok: false, reason: `${url}: ${messageOf(error)}` };
  }
  const etag = response.headers.get('etag');
  if (held && (response.status === 304 || (response.ok && etag === held.etag)))
    return { ok: true, etag: held.etag, value: held.value, fresh: false };
  if (!response.ok) return { ok: false, reason: `${url}: ${response.status}` };
  if (!etag) return { ok: false, reason: `${url}: an answer without an ETag` };
  let value: T;
  try {
    value = await parse(response);
  } catch (error) {
    return { ok: false, reason: `${url}: ${messageOf(error)}` };
  }
  cache.set(url, { etag, value });
  return { ok: true, etag, value, fresh: true };
}

export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
