import {
  isTerminalImportState,
  type AbsentStatus,
  type ImportChangeKind,
  type ImportChangesPage,
  type ImportList,
  type ImportStatus,
  type RemoveAbsentReply,
  type RestoreAbsentReply,
} from '@warmpath/contracts';
import { api } from '../../lib/api/api';

/** Every import's removal status: one removal or undo changes what the others may offer. */
const ABSENT_TAG = { type: 'Import', id: 'ABSENT' } as const;

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
    /** GET /api/imports/{id}/absent: whether its absent people can be removed, and its removal. */
    getAbsentStatus: build.query<AbsentStatus, string>({
      query: (importId) => `api/imports/${encodeURIComponent(importId)}/absent`,
      providesTags: [ABSENT_TAG],
    }),
    /** Removes the people not in the latest export: the network (own and pooled) changes. */
    removeAbsent: build.mutation<RemoveAbsentReply, string>({
      query: (importId) => ({
        url: `api/imports/${encodeURIComponent(importId)}/remove-absent`,
        method: 'POST',
      }),
      invalidatesTags: [ABSENT_TAG, 'Network'],
    }),
    /** Undoes a removal (within 7 days). */
    restoreAbsent: build.mutation<RestoreAbsentReply, string>({
      query: (importId) => ({
        url: `api/imports/${encodeURIComponent(importId)}/restore-absent`,
        method: 'POST',
      }),
      invalidatesTags: [ABSENT_TAG, 'Network'],
    }),
  }),
});

export const {
  useGetImportQuery,
  useListImportsQuery,
  useGetImportChangesQuery,
  useGetAbsentStatusQuery,
  useRemoveAbsentMutation,
  useRestoreAbsentMutation,
} = importsApi;
