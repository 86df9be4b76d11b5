import type { Connection, NetworkData, NetworkStatsView, UpdateNotesRequest, WarmPathView } from '@warmpath/contracts';
import { api } from '../../app/api';
import type { AppStore, RootState } from '../../app/store';

/** The ETag each network object was read with: an unchanged network is neither parsed nor stored again. */
const etags = new WeakMap<NetworkData, string>();
const UNCHANGED = Symbol('unchanged network');

/** Freezes a list and each item in it (one level): Immer skips frozen values instead of walking them. */
function freezeList<T extends object>(items: T[] | undefined): T[] {
  const list = items ?? [];
  for (const item of list) Object.freeze(item);
  return Object.freeze(list) as T[];
}

/**
 * Reads GET /api/network. The ETag matching the network already held (a 304 revalidation after a
 * window focus) means nothing changed: 30,000 people are not parsed again. A new network is frozen
 * (the lists and each person and link), which tells Immer it is immutable and spares the store a
 * walk over every field of every person, on the first read and on every later update.
 */
async function readNetwork(response: Response, current: NetworkData | undefined): Promise<unknown> {
  const isJson = response.headers.get('content-type')?.includes('json') ?? false;
  if (!response.ok) return isJson ? response.json() : response.text();
  const etag = response.headers.get('etag');
  if (current && etag && etags.get(current) === etag) return UNCHANGED;
  const body = (await response.json()) as Partial<NetworkData>;
  const data: NetworkData = Object.freeze({
    connections: freezeList(body.connections),
    relationships: freezeList(body.relationships),
    companies: freezeList(body.companies),
  });
  if (etag) etags.set(data, etag);
  return data;
}

/** The network the cache holds now (the default cache key of a query without arguments). */
function selectHeldNetwork(state: RootState): NetworkData | undefined {
  return state.api.queries['getNetwork(undefined)']?.data as NetworkData | undefined;
}

/** The network itself, and what the server derives from it (stats, paths): refreshed separately. */
const GRAPH_TAG = { type: 'Network', id: 'GRAPH' } as const;
const DERIVED_TAG = { type: 'Network', id: 'DERIVED' } as const;

/**
 * The network service's reads and the notes write (issue 5). GET /api/network carries an ETag:
 * the browser revalidates it (If-None-Match) and a 304 reuses its cached body, so a refetch of an
 * unchanged network costs a round trip, not the download.
 */
export const networkApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNetwork: build.query<NetworkData, void>({
      async queryFn(_arg, { getState }, _extra, baseQuery) {
        const current: NetworkData | undefined = selectHeldNetwork(getState() as RootState);
        const result = await baseQuery({ url: 'api/network', responseHandler: (response) => readNetwork(response, current) });
        if (result.error) return { error: result.error };
        return { data: result.data === UNCHANGED && current ? current : (result.data as NetworkData) };
      },
      // A changed network is a new network (see readNetwork); merging it into the old one would
      // build an unfrozen copy that Immer then walks person by person.
      structuralSharing: false,
      providesTags: [GRAPH_TAG],
    }),
    getNetworkStats: build.query<NetworkStatsView, void>({
      query: () => 'api/network/stats',
      providesTags: [DERIVED_TAG],
    }),
    getWarmPath: build.query<WarmPathView, string>({
      query: (to) => ({ url: 'api/network/paths', params: { to } }),
      providesTags: [DERIVED_TAG],
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

/**
 * Downloads the network again now (after an import) and marks stats and paths stale; answers the
 * counts of product-spec §3's import result: people without your own node, and every link.
 */
export async function refreshNetwork(dispatch: AppStore['dispatch']): Promise<{ connections: number; relationships: number }> {
  const data = await dispatch(networkApi.endpoints.getNetwork.initiate(undefined, { forceRefetch: true, subscribe: false })).unwrap();
  dispatch(networkApi.util.invalidateTags([DERIVED_TAG]));
  return { connections: data.connections.filter((c) => !c.isUser).length, relationships: data.relationships.length };
}
