import type { Connection } from '@warmpath/contracts';
import { Flex } from 'antd';
import { startTransition, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { errorMessage } from '../../app/api';
import { ConnectionDetailsPanel } from '../connection-details/connection-details-panel';
import { FiltersSidebar } from '../filters/filters-sidebar';
import { useDashboardView } from '../filters/use-dashboard-view';
import type { GraphLayout, ViewMode } from '../filters/view-params';
import { ImportConnectionsDialog } from '../imports/import-connections-dialog';
import { ImportDataDialog } from '../imports/import-data-dialog';
import { useLinkedinReturn } from '../imports/linkedin-return';
import { GraphEngineProvider, useGraphEngine } from '../network/graph/graph-engine-context';
import { HeldNetworkContext, useFilteredNetwork } from '../network/data/use-network-data';
import { NETWORK_FRESHNESS, useGetNetworkQuery } from '../network/network.api';
import { NetworkEmpty, NetworkError, NetworkLoading } from '../network/network-states';
import { NetworkView } from '../network/network-view';
import { TopBar } from './top-bar';

/** Zoom the camera flies to when a search result is chosen. */
const SEARCH_FOCUS_ZOOM = 1.5;
const EMPTY_NETWORK = { connections: [], relationships: [], degreeCounts: { first: 0, second: 0, third: 0 } };

type OpenDialog = 'connections' | 'data' | null;

/** The network dashboard (product-spec §2 "/"): top bar, filters, graph or table, details, imports. */
export function DashboardPage() {
  return (
    <GraphEngineProvider>
      <Dashboard />
    </GraphEngineProvider>
  );
}

function Dashboard() {
  const { data: latest, error, isLoading, refetch } = useGetNetworkQuery(undefined, NETWORK_FRESHNESS);
  // A new network (30,000 people) renders as a transition, in slices, not in the store's own update.
  const data = useDeferredValue(latest);
  const { view, update, updateFilters } = useDashboardView();
  const engine = useGraphEngine();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [isSidebarCollapsed, setSidebarCollapsed] = useState(true);
  useLinkedinReturn(useCallback(() => setDialog('connections'), []));

  // Toggles answer at once; filtering 30,000 people (in the data worker) and redrawing follow.
  const filters = useDeferredValue(view.filters);
  const answer = useFilteredNetwork(data, filters);
  const filtered = answer ?? EMPTY_NETWORK;
  const ownNode = useMemo(() => data?.connections.find((c) => c.isUser) ?? null, [data]);
  const selected = useMemo(
    () => (view.selectedId ? (data?.connections.find((c) => c.id === view.selectedId) ?? null) : null),
    [data, view.selectedId],
  );
  const hasPeople = (data?.connections.length ?? 0) > (ownNode ? 1 : 0);

  const select = useCallback(
    (person: Connection) => !person.isUser && update({ selectedId: person.id }),
    [update],
  );
  const chooseFromSearch = useCallback(
    (person: Connection) => {
      update({ selectedId: person.id });
      engine?.centerOn(person.id, SEARCH_FOCUS_ZOOM, 1000);
    },
    [engine, update],
  );

  // Stable callbacks: the memoised top bar and network view skip renders they do not need.
  const changeMode = useCallback((mode: ViewMode) => update({ mode }), [update]);
  const changeLayout = useCallback((layout: GraphLayout) => update({ layout }), [update]);
  const openConnectionsDialog = useCallback(() => setDialog('connections'), []);
  // The open sidebar is a large antd tree: it renders as a transition, in slices.
  const toggleSidebar = useCallback(
    (collapsed: boolean) => startTransition(() => setSidebarCollapsed(collapsed)),
    [],
  );

  const main =
    isLoading || (latest && !data) || (hasPeople && !answer) ? (
      <NetworkLoading />
    ) : error && !data ? (
      <NetworkError message={errorMessage(error)} onRetry={() => void refetch()} />
    ) : !hasPeople ? (
      <NetworkEmpty onImport={() => setDialog('data')} />
    ) : (
      <NetworkView
        connections={filtered.connections}
        relationships={filtered.relationships}
        allConnections={data?.connections ?? []}
        mode={view.mode}
        layout={view.layout}
        selectedCompanies={filters.selectedCompanies}
        selectedId={view.selectedId}
        onModeChange={changeMode}
        onLayoutChange={changeLayout}
        onSelect={select}
      />
    );

  return (
    <HeldNetworkContext.Provider value={data}>
      <Flex vertical style={{ height: 'calc(100vh - 64px)' }}>
        <TopBar
          connections={data?.connections ?? []}
          onChoose={chooseFromSearch}
          onImport={openConnectionsDialog}
        />
        <Flex style={{ flex: 1, minHeight: 0 }}>
          <FiltersSidebar
            connections={data?.connections ?? []}
            filters={view.filters}
            degreeCounts={filtered.degreeCounts}
            onChange={updateFilters}
            collapsed={isSidebarCollapsed}
            onCollapsedChange={toggleSidebar}
          />
          <main style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>{main}</main>
          {selected && (
            <ConnectionDetailsPanel
              key={selected.id}
              person={selected}
              ownNode={ownNode}
              onClose={() => update({ selectedId: null })}
            />
          )}
        </Flex>
        <ImportConnectionsDialog open={dialog === 'connections'} onClose={() => setDialog(null)} />
        <ImportDataDialog open={dialog === 'data'} onClose={() => setDialog(null)} />
      </Flex>
    </HeldNetworkContext.Provider>
  );
}
