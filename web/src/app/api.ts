import { createApi, fetchBaseQuery, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

/**
 * The one RTK Query api. Features inject their endpoints (`api.injectEndpoints`); tags drive
 * invalidation. Reads are never retried and never refetched on focus unless an endpoint asks (§9).
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({ baseUrl: '/', credentials: 'include' }),
  tagTypes: ['User', 'Network', 'Users', 'Teams', 'Import'],
  keepUnusedDataFor: 60,
  refetchOnFocus: false,
  endpoints: () => ({}),
});

/**
 * product-spec §8: a generic failure reads as "<status>: <response text or status text>", and
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
    if (typeof e.status === 'number') return `${e.status}: ${typeof data === 'string' && data ? data : 'Request failed'}`;
    if ('error' in e && typeof e.error === 'string') return e.error;
  }
  return typeof e.message === 'string' ? e.message : fallback;
}
