import {
  isTerminalImportState,
  type ImportChangeKind,
  type ImportChangesPage,
  type ImportList,
  type ImportStatus,
} from '@warmpath/contracts';
import { api } from '../../app/api';

/**
 * An import's status (issue 4). The query reads GET /api/imports/{id} once, then follows
 * GET /api/imports/{id}/events (Server-Sent Events, one `progress` event per change) and keeps the
 * cache entry current until the import ends or nobody watches it any more.
 */
export const importsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getImport: build.query<ImportStatus, string>({
      query: (id) => `api/imports/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Import', id }],
      keepUnusedDataFor: 0,
      async onCacheEntryAdded(id, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, getCacheEntry }) {
        try {
          await cacheDataLoaded;
        } catch {
          return;
        }
        const first = getCacheEntry().data;
        if (!first || isTerminalImportState(first.state) || typeof EventSource === 'undefined') return;
        const source = new EventSource(`/api/imports/${encodeURIComponent(id)}/events`, {
          withCredentials: true,
        });
        source.addEventListener('progress', (event) => {
          const status = JSON.parse((event as MessageEvent<string>).data) as ImportStatus;
          updateCachedData(() => status);
          // The server ends the stream after the last state; without this the browser would reconnect.
          if (isTerminalImportState(status.state)) source.close();
        });
        await cacheEntryRemoved;
        source.close();
      },
    }),
    /** GET /api/imports: the user's imports, newest first (the Import history page). */
    listImports: build.query<ImportList, void>({
      query: () => 'api/imports',
      providesTags: [{ type: 'Import', id: 'LIST' }],
    }),
    /** GET /api/imports/{id}/changes: one page of what an import changed. */
    getImportChanges: build.query<
      ImportChangesPage,
      { importId: string; kind?: ImportChangeKind; page: number; pageSize?: number }
    >({
      query: ({ importId, kind, page, pageSize }) => ({
        url: `api/imports/${encodeURIComponent(importId)}/changes`,
        params: { page, ...(kind ? { kind } : {}), ...(pageSize ? { pageSize } : {}) },
      }),
    }),
  }),
});

export const { useGetImportQuery, useListImportsQuery, useGetImportChangesQuery } = importsApi;
