import type { Connection, NetworkData, NetworkStatsView, UpdateNotesRequest, WarmPathView } from '@warmpath/contracts';
import { api } from '../../app/api';

/**
 * The network service's reads and the notes write (issue 5). GET /api/network carries an ETag:
 * the browser revalidates it (If-None-Match) and a 304 reuses its cached body, so a refetch of an
 * unchanged network costs a round trip, not the download.
 */
export const networkApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNetwork: build.query<NetworkData, void>({
      query: () => 'api/network',
      transformResponse: (data: Partial<NetworkData>) => ({
        connections: data.connections ?? [],
        relationships: data.relationships ?? [],
        companies: data.companies ?? [],
      }),
      providesTags: ['Network'],
    }),
    getNetworkStats: build.query<NetworkStatsView, void>({
      query: () => 'api/network/stats',
      providesTags: ['Network'],
    }),
    getWarmPath: build.query<WarmPathView, string>({
      query: (to) => ({ url: 'api/network/paths', params: { to } }),
      providesTags: ['Network'],
    }),
    updateNotes: build.mutation<Connection, { id: string } & UpdateNotesRequest>({
      query: ({ id, notes }) => ({ url: `api/network/connections/${encodeURIComponent(id)}`, method: 'PATCH', body: { notes } }),
      // Patch the one person in the cached network rather than downloading the whole network again.
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(
          networkApi.util.updateQueryData('getNetwork', undefined, (draft) => {
            const person = draft.connections.find((connection) => connection.id === id);
            if (person) person.notes = data.notes;
          }),
        );
      },
    }),
  }),
});

/** product-spec §4: network data is stale at once, refetched on mount and on window focus, never polled. */
export const NETWORK_FRESHNESS = { refetchOnMountOrArgChange: true, refetchOnFocus: true } as const;

export const { useGetNetworkQuery, useGetNetworkStatsQuery, useGetWarmPathQuery, useUpdateNotesMutation } = networkApi;
