// The network feature's public entry: what other features may import from it.
export { connectionLabel, degreeLabel, formatDate, formatYears, roleLine } from './connection-format';
export { ConnectionSearch } from './connection-search';
export { type NetworkSource, OWN_NETWORK, datasetInfo } from './data/network-data-client';
export { HeldNetworkContext, useFilteredNetwork } from './data/use-network-data';
export { NO_LINKS, type NetworkLinks } from './data/network-links';
export type { NetworkGraphEngine } from './graph/graph-adapter';
export { GraphEngineProvider, useGraphEngine } from './graph/graph-engine-context';
export { GraphPanel } from './graph/graph-panel';
export { GraphToolbar } from './graph/graph-toolbar';
export { useTourCaption } from './graph/use-tour-caption';
export { NetworkEmpty, NetworkError, NetworkLoading } from './network-states';
export {
  NETWORK_FRESHNESS,
  networkApi,
  refreshNetwork,
  useGetNetworkQuery,
  useGetNetworkStatsQuery,
  useGetTeamNetworkQuery,
  useGetWarmPathQuery,
  usePrefetchTeamNetwork,
  useUpdateNotesMutation,
} from './network.api';
export { StrengthTag, bandLabel, strengthText } from './strength-tag';
export { ConnectionsTable } from './table/connections-table';
export { useMemberHighlight } from './use-member-highlight';
