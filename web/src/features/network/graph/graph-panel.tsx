import type { Connection } from '@warmpath/contracts';
import { companyKey } from '@warmpath/domain';
import { Typography } from 'antd';
import { useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { LayoutName } from '../../../graph';
import { datasetInfo } from '../data/network-data-client';
import type { NetworkLinks } from '../data/network-links';
import { HeldNetworkContext } from '../data/use-network-data';
import { GraphCanvas } from './graph-canvas';
import { useGraphEngine } from './graph-engine-context';
import { HoverCard } from './hover-card';
import { NetworkLegend } from './network-legend';
import { useStableGraphInput } from './use-stable-graph-input';

interface Props {
  connections: readonly Connection[];
  links: NetworkLinks;
  /** The whole network, for the hover card's company numbers. */
  allConnections: readonly Connection[];
  layout: LayoutName;
  selectedCompanies: readonly string[];
  caption: string | null;
  onSelect: (connection: Connection) => void;
}

const CARD_OFFSET = 16;
const CARD_WIDTH = 260;

/** companyKey is a few regular expressions: computed once per spelling, not once per person. */
function companyKeys(): (name: string | null) => string | null {
  const keys = new Map<string, string | null>();
  return (name) => {
    if (!name) return null;
    if (!keys.has(name)) keys.set(name, companyKey(name));
    return keys.get(name) ?? null;
  };
}

function countByCompany(connections: readonly Connection[]): {
  counts: Map<string, number>;
  keyOf: (name: string | null) => string | null;
} {
  const keyOf = companyKeys();
  const counts = new Map<string, number>();
  for (const person of connections) {
    const key = person.isUser ? null : keyOf(person.company);
    if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return { counts, keyOf };
}

/** Every spelling in view of the selected companies, so the engine colours them all. */
function selectedSpellings(connections: readonly Connection[], selected: readonly string[]): string[] {
  if (selected.length === 0) return [];
  const keyOf = companyKeys();
  const keys = new Set(selected.map(keyOf));
  const names = new Set<string>();
  for (const person of connections)
    if (person.company && keys.has(keyOf(person.company))) names.add(person.company);
  return [...names];
}

/** How many others in the whole network work where `person` does. */
function colleaguesOf(
  person: Connection,
  info: ReturnType<typeof datasetInfo>,
  counted: ReturnType<typeof countByCompany> | null,
): number {
  const index = info?.indexOf.get(person);
  if (info && index !== undefined) return info.colleagues[index] ?? 0;
  const key = counted?.keyOf(person.company) ?? null;
  return key ? Math.max(0, (counted?.counts.get(key) ?? 1) - 1) : 0;
}

/** The graph with its legend, hover card and tour caption. */
export function GraphPanel({
  connections,
  links,
  allConnections,
  layout,
  selectedCompanies,
  caption,
  onSelect,
}: Props) {
  const engine = useGraphEngine();
  const panelRef = useRef<HTMLDivElement>(null);
  const cardRef = useRef<HTMLDivElement>(null);
  const [hovered, setHovered] = useState<Connection | null>(null);
  // The data worker counted colleagues when it read the network; a network built here is counted here.
  const info = datasetInfo(useContext(HeldNetworkContext));
  const companyCounts = useMemo(() => (info ? null : countByCompany(allConnections)), [info, allConnections]);
  // Your own node comes first in every network the server sends; the search stops there.
  const viewerId = useMemo(() => allConnections.find((c) => c.isUser)?.userId ?? null, [allConnections]);
  const spellings = useMemo(
    () => selectedSpellings(connections, selectedCompanies),
    [connections, selectedCompanies],
  );
  const graph = useStableGraphInput({ connections, links });

  useEffect(() => {
    if (!engine) return;
    return engine.on('hover', (hover) => {
      setHovered(hover?.node ?? null);
      const card = cardRef.current;
      if (!hover || !card) return;
      const width = panelRef.current?.clientWidth ?? Infinity;
      const left =
        hover.x + CARD_OFFSET + CARD_WIDTH > width
          ? hover.x - CARD_OFFSET - CARD_WIDTH
          : hover.x + CARD_OFFSET;
      card.style.transform = `translate(${Math.max(0, left)}px, ${Math.max(0, hover.y + CARD_OFFSET)}px)`;
    });
  }, [engine]);

  const colleagues = hovered ? colleaguesOf(hovered, info, companyCounts) : 0;
  return (
    <div ref={panelRef} style={{ position: 'absolute', inset: 0, overflow: 'hidden' }}>
      <GraphCanvas
        connections={graph.connections}
        links={graph.links}
        layout={layout}
        selectedCompanies={spellings}
        onSelect={onSelect}
      />
      <NetworkLegend isPooled={!!info?.pool} />
      {caption && (
        <div
          role="status"
          style={{
            position: 'absolute',
            top: 12,
            left: '50%',
            transform: 'translateX(-50%)',
            zIndex: 4,
            background: 'rgba(0,0,0,0.7)',
            padding: '6px 14px',
            borderRadius: 8,
          }}
        >
          <Typography.Text style={{ color: '#fff' }}>{caption}</Typography.Text>
        </div>
      )}
      <HoverCard ref={cardRef} person={hovered} colleagues={colleagues} viewerId={viewerId} />
    </div>
  );
}
