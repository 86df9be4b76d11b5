import type { Connection } from '@warmpath/contracts';
import { skipToken } from '@reduxjs/toolkit/query';
import { Flex } from 'antd';
import {
  startTransition,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { errorMessage } from '../../lib/api/api';
import { prewarmGraphEngine } from '../../graph';
import { ConnectionDetailsPanel, type WorkspaceContext } from '../connection-details';
import { FiltersSidebar } from '../filters';
import { useChangedSinceLastImport } from '../filters';
import { useDashboardView } from '../filters';
import type { GraphLayout, ViewMode } from '../filters';
import type { NetworkSource } from '../network';
import { HeldNetworkContext, NO_LINKS, useFilteredNetwork } from '../network';
import { GraphEngineProvider, useGraphEngine } from '../network';
import { NETWORK_FRESHNESS, useGetNetworkQuery, useGetTeamNetworkQuery } from '../network';
import { NetworkEmpty, NetworkError, NetworkLoading } from '../network';
import { NetworkView } from './network-view';
import { useMemberHighlight } from '../network';
import { useFocusOnOpen } from './use-focus-on-open';

/** Zoom the camera flies to when a search result is chosen, or a person opened through a link. */
const SEARCH_FOCUS_ZOOM = 1.5;
const FOCUS_FLIGHT_MS = 1000;
const EMPTY_NETWORK = { connections: [], links: NO_LINKS, degreeCounts: { first: 0, second: 0, third: 0 } };

export interface NetworkExplorerProps {
  /** Your own network (the dashboard) or a workspace's pooled one. */
  source: NetworkSource;
  /** The collaborator filter of a workspace: this member's people are highlighted; null: All. */
  filteredByUserId?: number | null;
  /** The bar above the network: its search box chooses a person (selects and centres them). */
  renderTopBar: (props: {
    connections: readonly Connection[];
    onChoose: (person: Connection) => void;
  }) => ReactNode;
  /** The empty state's import button; without it the empty state has none. */
  onImport?: () => void;
  /** More in each table row's actions (a workspace's ask for an intro), with your own node. */
  renderRowAction?: (person: Connection, ownNode: Connection | null) => ReactNode;
}

/** One network read through the data worker, whichever source: the same query hook's result. */
function useSourceNetwork(source: NetworkSource) {
  const own = useGetNetworkQuery(source.kind === 'own' ? undefined : skipToken, NETWORK_FRESHNESS);
  const team = useGetTeamNetworkQuery(source.kind === 'team' ? source.teamId : skipToken, NETWORK_FRESHNESS);
  return source.kind === 'own' ? own : team;
}

/**
 * The network screen shared by the dashboard, /workspaces/{id} and /teams/{id}: filters sidebar,
 * graph or table, hover card, details panel with the warmest path and the warm intro. Only the
 * source differs; the data worker reads, parses and filters either off the page's thread.
 */
export function NetworkExplorer(props: NetworkExplorerProps) {
  return (
    <GraphEngineProvider>
      <Explorer {...props} />
    </GraphEngineProvider>
  );
}

function Explorer({
  source,
  filteredByUserId = null,
  renderTopBar,
  onImport,
  renderRowAction,
}: NetworkExplorerProps) {
  const { data: latest, error, isLoading, refetch } = useSourceNetwork(source);
  // The graph's render worker (script, PixiJS, WebGL context, shaders) boots while the network
  // loads, not after it: the first engine adopts it, taking its boot off the first picture's path
  // (docs/performance.md#figures-behind-choices-in-the-code).
  useEffect(() => void prewarmGraphEngine().catch(() => undefined), []);
  // A new network (30,000 people) renders as a transition, in slices, not in the store's own update.
  const data = useDeferredValue(latest);
  const { view, update, updateFilters } = useDashboardView();
  const engine = useGraphEngine();
  const [isSidebarCollapsed, setSidebarCollapsed] = useState(true);

  // Toggles answer at once; filtering 30,000 people (in the data worker) and redrawing follow.
  const filters = useDeferredValue(view.filters);
  const answer = useFilteredNetwork(data, filters);
  useMemberHighlight(engine, data?.connections, filteredByUserId);
  useFocusOnOpen(engine, view.selectedId, SEARCH_FOCUS_ZOOM, FOCUS_FLIGHT_MS);
  const filtered = answer ?? EMPTY_NETWORK;
  const ownNode = useMemo(() => data?.connections.find((c) => c.isUser) ?? null, [data]);
  const rowAction = useMemo(
    () => (renderRowAction ? (person: Connection) => renderRowAction(person, ownNode) : undefined),
    [renderRowAction, ownNode],
  );
  const selected = useMemo(
    () => (view.selectedId ? (data?.connections.find((c) => c.id === view.selectedId) ?? null) : null),
    [data, view.selectedId],
  );
  const workspace = useWorkspaceContext(source, data?.connections);
  const changed = useChangedSinceLastImport(source, data?.connections);
  const changedOn = view.changedOnly && changed !== null;
  const changedIds = changed?.ids;
  const tableConnections = useMemo(
    () =>
      changedOn && changedIds
        ? filtered.connections.filter((c) => c.isUser || changedIds.has(c.id))
        : undefined,
    [changedOn, changedIds, filtered.connections],
  );
  // The graph keeps everyone and highlights them; an open person's warm path takes the highlight.
  useEffect(() => {
    if (!engine || !changedOn || !changedIds || view.selectedId || view.mode !== 'graph') return;
    engine.setHighlight({ nodeIds: changedIds, linkIds: [] });
    return () => engine.setHighlight({ nodeIds: [], linkIds: [] });
  }, [engine, changedOn, changedIds, view.selectedId, view.mode]);
  const toggleChanged = useCallback((changedOnly: boolean) => update({ changedOnly }), [update]);
  const hasPeople = (data?.connections.length ?? 0) > (ownNode ? 1 : 0);

  const select = useCallback(
    (person: Connection) => !person.isUser && update({ selectedId: person.id }),
    [update],
  );
  const chooseFromSearch = useCallback(
    (person: Connection) => {
      update({ selectedId: person.id });
      engine?.centerOn(person.id, SEARCH_FOCUS_ZOOM, FOCUS_FLIGHT_MS);
    },
    [engine, update],
  );
  // Stable callbacks: the memoised top bar and network view skip renders they do not need.
  const changeMode = useCallback((mode: ViewMode) => update({ mode }), [update]);
  const changeLayout = useCallback((layout: GraphLayout) => update({ layout }), [update]);
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
      <NetworkEmpty onImport={onImport} />
    ) : (
      <NetworkView
        connections={filtered.connections}
        links={filtered.links}
        allConnections={data?.connections ?? []}
        tableConnections={tableConnections}
        mode={view.mode}
        layout={view.layout}
        selectedCompanies={filters.selectedCompanies}
        selectedId={view.selectedId}
        onModeChange={changeMode}
        onLayoutChange={changeLayout}
        onSelect={select}
        renderRowAction={rowAction}
      />
    );

  return (
    <HeldNetworkContext.Provider value={data}>
      <Flex vertical style={{ flex: 1, height: '100%', minHeight: 0 }}>
        {renderTopBar({ connections: data?.connections ?? [], onChoose: chooseFromSearch })}
        <Flex style={{ flex: 1, minHeight: 0 }}>
          <FiltersSidebar
            connections={data?.connections ?? []}
            filters={view.filters}
            degreeCounts={filtered.degreeCounts}
            onChange={updateFilters}
            collapsed={isSidebarCollapsed}
            onCollapsedChange={toggleSidebar}
            onSelectPerson={select}
            changes={
              changed ? { count: changed.ids.size, on: view.changedOnly, onChange: toggleChanged } : undefined
            }
          />
          <main style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>{main}</main>
          {selected && (
            <ConnectionDetailsPanel
              key={selected.id}
              person={selected}
              ownNode={ownNode}
              workspace={workspace}
              onClose={() => update({ selectedId: null })}
            />
          )}
        </Flex>
      </Flex>
    </HeldNetworkContext.Provider>
  );
}

/** In a workspace: its id and its members' own nodes by user id (a handful, found once per network). */
function useWorkspaceContext(
  source: NetworkSource,
  connections: readonly Connection[] | undefined,
): WorkspaceContext | undefined {
  const teamId = source.kind === 'team' ? source.teamId : null;
  return useMemo(() => {
    if (teamId === null) return undefined;
    const teammates = new Map<number, Connection>();
    for (const person of connections ?? []) if (person.isTeammate) teammates.set(person.userId, person);
    return { teamId, teammates };
  }, [teamId, connections]);
}
