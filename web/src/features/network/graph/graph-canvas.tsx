import type { Connection } from '@warmpath/contracts';
import type { NetworkLinks } from '../data/network-links';
import { startTransition, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { createGraphEngine, type LayoutName } from '../../../graph';
import {
  graphCompanyKey,
  NETWORK_GRAPH_OPTIONS,
  toGraphData,
  type NetworkGraphEngine,
} from './graph-adapter';
import { usePublishGraphEngine } from './graph-engine-context';
import { publishGraphTestHook } from './graph-test-hook';

interface Props {
  connections: readonly Connection[];
  links: NetworkLinks;
  layout: LayoutName;
  /** Company names as the data spells them, for the engine's selected-company colour. */
  selectedCompanies: readonly string[];
  onSelect: (connection: Connection) => void;
}

/**
 * Mounts the graph engine into a div and kills it on unmount; React only hands it data. Layout,
 * positions and the camera stay inside the engine.
 */
export function GraphCanvas({ connections, links, layout, selectedCompanies, onSelect }: Props) {
  const containerRef = useRef<HTMLDivElement>(null);
  const engineRef = useRef<NetworkGraphEngine | null>(null);
  const appliedLayout = useRef<LayoutName>('force');
  // The engine reheats the layout when the company selection changes
  // (docs/product.md#layouts-and-tours): only changes go to it.
  const appliedCompanies = useRef('');
  const onSelectRef = useRef(onSelect);
  const publish = usePublishGraphEngine();
  const graph = useMemo(() => toGraphData(connections, links), [connections, links]);

  useEffect(() => {
    onSelectRef.current = onSelect;
  }, [onSelect]);

  // A layout effect, declared first: the engine exists before the data effect below hands it people.
  useLayoutEffect(() => {
    const engine = createGraphEngine(containerRef.current as HTMLDivElement, NETWORK_GRAPH_OPTIONS);
    engineRef.current = engine;
    appliedLayout.current = 'force';
    appliedCompanies.current = '';
    const container = containerRef.current as HTMLDivElement;
    const offClick = engine.on('click', (person) => onSelectRef.current(person));
    // For people and tests waiting on the layout: the graph says when it has settled.
    const offSettled = engine.on('settled', () => container.setAttribute('data-settled', 'true'));
    const withdrawHook = publishGraphTestHook(engine);
    // The toolbar, search and details panel get the engine in a transition: set in a layout effect
    // it would re-render the whole dashboard at once, in the commit that mounts the graph.
    startTransition(() => publish(engine));
    return () => {
      offClick();
      offSettled();
      withdrawHook();
      publish(null);
      engineRef.current = null;
      engine.kill();
    };
  }, [publish]);

  // In the commit itself (a layout effect): nobody may see the new data with the old graph's
  // 'settled' flag. setGraph only starts the sliced build, so this costs nothing noticeable.
  useLayoutEffect(() => {
    containerRef.current?.setAttribute('data-settled', 'false');
    engineRef.current?.setGraph(graph);
  }, [graph]);

  useEffect(() => {
    if (!engineRef.current || appliedLayout.current === layout) return;
    appliedLayout.current = layout;
    engineRef.current.setLayout(layout);
  }, [layout, connections]);

  useEffect(() => {
    const keys = selectedCompanies.map(graphCompanyKey);
    if (!engineRef.current || keys.join('\n') === appliedCompanies.current) return;
    appliedCompanies.current = keys.join('\n');
    engineRef.current.setSelectedGroups(keys);
  }, [selectedCompanies, connections]);

  return <div ref={containerRef} data-testid="network-graph" style={{ position: 'absolute', inset: 0 }} />;
}
