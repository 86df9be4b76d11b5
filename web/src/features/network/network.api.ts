import type {
  Connection,
  NetworkData,
  NetworkStatsView,
  UpdateNotesRequest,
  WarmPathView,
} from '@warmpath/contracts';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { useCallback } from 'react';
import { api } from '../../lib/api/api';
import type { AppStore, RootState } from '../../lib/store/store';
import { carryDataset, datasetInfo, networkDataClient, withConnections } from './data/network-data-client';

/** The warmest path to a person, in your own network or through a workspace's members. */
export interface WarmPathArgs {
  to: string;
  workspaceId?: number;
}

/** The network itself, and what the server derives from it (stats, paths): refreshed separately. */
const GRAPH_TAG = { type: 'Network', id: 'GRAPH' } as const;
const DERIVED_TAG = { type: 'Network', id: 'DERIVED' } as const;

/**
 * The network service's reads and the notes write (docs/network-api.md). GET /api/network carries an ETag:
 * the network-data worker revalidates it (If-None-Match) and a 304 reuses what it holds, so a
 * refetch of an unchanged network costs a round trip, not the download or the parsing.
 */
export const networkApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNetwork: build.query<NetworkData, void>({
      async queryFn(_arg, { getState }) {
        const current = selectHeldNetwork(getState() as RootState);
        const result = await networkDataClient().load(current);
        if ('failure' in result) return { error: result.failure as FetchBaseQueryError };
        return { data: result.data };
      },
      // A changed network is a new network (frozen, see NetworkDataClient.load); merging it into
      // the old one would build an unfrozen copy that Immer then walks person by person.
      structuralSharing: false,
      providesTags: [GRAPH_TAG],
    }),
    /** GET /api/teams/{id}/network, read and revalidated by the same worker (404 for a non-member). */
    getTeamNetwork: build.query<NetworkData, number>({
      async queryFn(teamId, { getState }) {
        const current = selectHeldTeamNetwork(getState() as RootState, teamId);
        const result = await networkDataClient().load(current, { kind: 'team', teamId });
        if ('failure' in result) return { error: result.failure as FetchBaseQueryError };
        return { data: result.data };
      },
      structuralSharing: false,
      // 'Teams': a sharing change, a removal or an approval changes the pooled network (a 304 if not).
      providesTags: (_result, _error, teamId) => [{ type: 'Network', id: `TEAM-${teamId}` }, 'Teams'],
    }),
    getNetworkStats: build.query<NetworkStatsView, void>({
      query: () => 'api/network/stats',
      providesTags: [DERIVED_TAG],
    }),
    getWarmPath: build.query<WarmPathView, WarmPathArgs>({
      query: ({ to, workspaceId }) => ({
        url: 'api/network/paths',
        params: workspaceId === undefined ? { to } : { to, workspaceId },
      }),
      providesTags: [DERIVED_TAG],
    }),
    updateNotes: build.mutation<Connection, { id: string } & UpdateNotesRequest>({
      query: ({ id, notes }) => ({
        url: `api/network/connections/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: { notes },
      }),
      // Patch the one person in the cached network rather than downloading the whole network again.
      // The network is replaced, not drafted: Immer would otherwise copy 30,000 people, and the
      // data worker keeps answering for the new object (carryDataset).
      async onQueryStarted({ id }, { dispatch, getState, queryFulfilled }) {
        const { data } = await queryFulfilled;
        const current = selectHeldNetwork(getState() as RootState);
        const index = current?.connections.findIndex((connection) => connection.id === id) ?? -1;
        if (!current || index < 0) return;
        const before = current.connections[index];
        const after = Object.freeze({ ...before, notes: data.notes });
        const connections = current.connections.slice();
        connections[index] = after;
        const next = withConnections(current, Object.freeze(connections) as Connection[]);
        carryDataset(current, next, { before, after });
        dispatch(networkApi.util.updateQueryData('getNetwork', undefined, () => next));
      },
    }),
  }),
});

/**
 * docs/product.md#states: network data is stale at once, refetched on mount and on window focus,
 * never polled.
 */
export const NETWORK_FRESHNESS = { refetchOnMountOrArgChange: true, refetchOnFocus: true } as const;

/** The network the cache holds now, read through the endpoint's own selector. */
function selectHeldNetwork(state: RootState): NetworkData | undefined {
  return networkApi.endpoints.getNetwork.select()(state).data;
}

/** The pooled network of a workspace the cache holds now. */
function selectHeldTeamNetwork(state: RootState, teamId: number): NetworkData | undefined {
  return networkApi.endpoints.getTeamNetwork.select(teamId)(state).data;
}

export const {
  useGetNetworkQuery,
  useGetTeamNetworkQuery,
  useGetNetworkStatsQuery,
  useGetWarmPathQuery,
  useUpdateNotesMutation,
} = networkApi;

/**
 * Starts reading a workspace's pooled network now, for the screen that will show it: the workspace
 * screen calls it as it mounts, beside its own reads, so the read (the longest step before the
 * first picture) no longer waits for the workspace's answer and the explorer's mount
 * (docs/performance.md#the-workspace-screens-first-picture). The explorer's query joins the read
 * under way; one that has finished is kept for it (the api's keepUnusedDataFor).
 */
export const usePrefetchTeamNetwork = (): ((teamId: number) => void) => {
  const prefetch = networkApi.usePrefetch('getTeamNetwork');
  return useCallback((teamId: number) => prefetch(teamId), [prefetch]);
};

/**
 * Downloads the network again now (after an import) and marks stats and paths stale; answers the
 * counts of the import result (docs/product.md#entities): people without your own node, and every link.
 */
export async function refreshNetwork(
  dispatch: AppStore['dispatch'],
): Promise<{ connections: number; relationships: number }> {
  const data = await dispatch(
    networkApi.endpoints.getNetwork.initiate(undefined, { forceRefetch: true, subscribe: false }),
  ).unwrap();
  dispatch(networkApi.util.invalidateTags([DERIVED_TAG]));
  return {
    connections: data.connections.filter((c) => !c.isUser).length,
    // Counted from the columns: the link objects are made only when asked for.
    relationships: datasetInfo(data)?.links.length ?? data.relationships.length,
  };
}
