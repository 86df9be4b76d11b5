import type { BulkImportAccepted, ClaimedSource, WorkspaceSource } from '@warmpath/contracts';
import { api } from '../../lib/api/api';

/** A workspace's uploaded exports (issue 16): list, upload many, delete, claim. */
export const sourcesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listSources: build.query<WorkspaceSource[], number>({
      query: (teamId) => `api/teams/${teamId}/sources`,
      providesTags: ['Teams'],
    }),
    uploadExports: build.mutation<BulkImportAccepted, { teamId: number; files: File[] }>({
      query: ({ teamId, files }) => {
        const body = new FormData();
        for (const file of files) body.append('file', file, file.name);
        return { url: `api/teams/${teamId}/bulk-imports`, method: 'POST', body };
      },
      invalidatesTags: ['Teams'],
    }),
    deleteSource: build.mutation<{ deleted: true }, { teamId: number; sourceId: number }>({
      query: ({ teamId, sourceId }) => ({ url: `api/teams/${teamId}/sources/${sourceId}`, method: 'DELETE' }),
      invalidatesTags: ['Teams', 'Network'],
    }),
    claimSource: build.mutation<ClaimedSource, { teamId: number; sourceId: number }>({
      query: ({ teamId, sourceId }) => ({
        url: `api/teams/${teamId}/sources/${sourceId}/claim`,
        method: 'POST',
      }),
      invalidatesTags: ['Teams', 'Network'],
    }),
  }),
});

export const {
  useListSourcesQuery,
  useUploadExportsMutation,
  useDeleteSourceMutation,
  useClaimSourceMutation,
} = sourcesApi;
