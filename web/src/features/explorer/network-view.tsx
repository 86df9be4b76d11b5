import { ApartmentOutlined, TableOutlined } from '@ant-design/icons';
import type { Connection } from '@warmpath/contracts';
import { Flex, Segmented, Typography, theme } from 'antd';
import { memo, startTransition, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ExportMenu } from '../export-share';
import { ShareButton } from '../export-share';
import type { GraphLayout, ViewMode } from '../filters';
import { useGraphEngine, type NetworkLinks } from '../network';
import { GraphPanel } from '../network';
import { GraphToolbar } from '../network';
import { useTourCaption } from '../network';
import { ConnectionsTable } from '../network';

interface Props {
  /** The filtered network. */
  connections: readonly Connection[];
  /** The filtered network's links (their objects made only when asked for). */
  links: NetworkLinks;
  allConnections: readonly Connection[];
  /** What the table lists when it lists less than the graph shows ("changed since last import"). */
  tableConnections?: readonly Connection[];
  mode: ViewMode;
  layout: GraphLayout;
  selectedCompanies: readonly string[];
  selectedId: string | null;
  onModeChange: (mode: ViewMode) => void;
  onLayoutChange: (layout: GraphLayout) => void;
  onSelect: (connection: Connection) => void;
  /** More in a table row's actions, after View Details (a workspace's ask for an intro). */
  renderRowAction?: (connection: Connection) => ReactNode;
}

/** 'Showing: N connections • M relationships' (your own node is not a connection). */
export function showingLine(connections: readonly Connection[], links: { length: number }): string {
  const people = connections.reduce((count, c) => (c.isUser ? count : count + 1), 0);
  return `Showing: ${people.toLocaleString()} connections • ${links.length.toLocaleString()} relationships`;
}

/**
 * The network in graph mode (default) or table mode. The graph stays mounted under the table so
 * switching back does not lay out 30,000 people again.
 */
export const NetworkView = memo(function NetworkView(props: Props) {
  const { connections, links, mode, layout } = props;
  const { token } = theme.useToken();
  const engine = useGraphEngine();
  const caption = useTourCaption(engine);
  const hasPeople = connections.some((c) => !c.isUser);
  // Counted once per filtered network, not on every render (an import's progress renders often).
  const showing = useMemo(() => showingLine(connections, links), [connections, links]);
  // The table (50 antd rows) mounts in a commit of its own, after the one that moves the Graph/Table
  // switch: that switch measures the page as it animates, and measuring it with a freshly inserted
  // table in it too made one task of both.
  const [isTableMounted, setTableMounted] = useState(mode === 'table');
  useEffect(() => startTransition(() => setTableMounted(mode === 'table')), [mode]);
  return (
    <Flex vertical style={{ flex: 1, minWidth: 0, height: '100%' }}>
      <Flex
        gap={12}
        wrap
        align="center"
        style={{ padding: '8px 12px', borderBottom: `1px solid ${token.colorBorderSecondary}` }}
        role="toolbar"
        aria-label="Network toolbar"
      >
        <Segmented<ViewMode>
          value={mode}
          onChange={props.onModeChange}
          options={[
            { value: 'graph', label: 'Graph', icon: <ApartmentOutlined /> },
            { value: 'table', label: 'Table', icon: <TableOutlined /> },
          ]}
        />
        <Typography.Text data-testid="showing-line">{showing}</Typography.Text>
        <div style={{ flex: 1 }} />
        {mode === 'graph' && (
          <GraphToolbar
            engine={engine}
            layout={layout}
            onLayoutChange={props.onLayoutChange}
            hasConnections={hasPeople}
            isTourRunning={caption !== null}
          />
        )}
        <ExportMenu connections={connections} links={links} engine={mode === 'graph' ? engine : null} />
        <ShareButton />
      </Flex>
      <div style={{ position: 'relative', flex: 1, minHeight: 0 }}>
        <div
          style={{ position: 'absolute', inset: 0, visibility: mode === 'graph' ? 'visible' : 'hidden' }}
          aria-hidden={mode !== 'graph'}
        >
          <GraphPanel
            connections={connections}
            links={links}
            allConnections={props.allConnections}
            layout={layout}
            selectedCompanies={props.selectedCompanies}
            caption={caption}
            onSelect={props.onSelect}
          />
        </div>
        {mode === 'table' && isTableMounted && (
          <div style={{ position: 'absolute', inset: 0, zIndex: 10, background: token.colorBgLayout }}>
            <ConnectionsTable
              connections={props.tableConnections ?? connections}
              selectedId={props.selectedId}
              onViewDetails={props.onSelect}
              renderRowAction={props.renderRowAction}
            />
          </div>
        )}
      </div>
    </Flex>
  );
});
