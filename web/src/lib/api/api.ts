import { createApi, fetchBaseQuery, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

/**
 * The one RTK Query api. Features inject their endpoints (`api.injectEndpoints`); tags drive
 * invalidation. Reads are never retried and never refetched on focus unless an endpoint asks
 * (docs/product.md#states).
 */
export const api = createApi({
  reducerPath: 'api',
  // Absolute, so the same code runs in the browser and under jsdom (whose fetch needs absolute URLs).
  baseQuery: fetchBaseQuery({ baseUrl: `${globalThis.location?.origin ?? ''}/`, credentials: 'include' }),
  tagTypes: ['User', 'Network', 'Users', 'Teams', 'Import', 'Tokens', 'Intros', 'TargetLists'],
  keepUnusedDataFor: 60,
  refetchOnFocus: false,
  endpoints: () => ({}),
});

/**
 * docs/product.md#messages: a generic failure reads as "<status>: <response text or status text>", and
 * a JSON error body's message wins where there is one.
 */
export function errorMessage(error: unknown, fallback = 'Request failed'): string {
  if (!error || typeof error !== 'object') return fallback;
  const e = error as FetchBaseQueryError & { message?: string };
  if ('status' in e) {
    const data = e.data as { message?: unknown; error?: unknown } | string | undefined;
    if (data && typeof data === 'object') {
      if (typeof data.message === 'string') return data.message;
      if (typeof data.error === 'string') return data.error;
    }
    if (typeof e.status === 'number')
      return `${e.status}: ${typeof data === 'string' && data ? data : 'Request failed'}`;
    // A JSON endpoint answered with a plain body (a proxy's 502 page): still "<status>: <text>".
    if (e.status === 'PARSING_ERROR' && typeof e.originalStatus === 'number')
      return `${e.originalStatus}: ${typeof data === 'string' && data ? data : 'Request failed'}`;
    if ('error' in e && typeof e.error === 'string') return e.error;
  }
  return typeof e.message === 'string' ? e.message : fallback;
}

/** The message a JSON error body carries, if any (`message`, else `error`). */
export function serverMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object' || !('data' in error)) return undefined;
  const data = (error as { data?: unknown }).data;
  if (!data || typeof data !== 'object') return undefined;
  const { message, error: text } = data as { message?: unknown; error?: unknown };
  return typeof message === 'string' ? message : typeof text === 'string' ? text : undefined;
}
