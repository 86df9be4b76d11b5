import type { Connection, Relationship } from '@warmpath/contracts';
import { useEffect, useRef } from 'react';
import { createGraphEngine, type GraphEngine, type LayoutName } from '../../../graph';
import { usePublishGraphEngine } from './graph-engine-context';

interface Props {
  connections: readonly Connection[];
  relationships: readonly Relationship[];
  layout: LayoutName;
  /** Company names as the data spells them, for the engine's selected-company colour. */
  selectedCompanies: readonly string[];
  onSelect: (connection: Connection) => void;
}

/** The engine's own key for a company (case and spacing folded). */
const engineCompanyKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Mounts the graph engine into a div and kills it on unmount; React only hands it data. Layout,
 * positions and the camera stay inside the engine.
 */
export function GraphCanvas({ connections, relationships, layout, selectedCompanies, onSelect }: Props) {
  const containerRef = useRef<HTMLDivElement>(null);
  const engineRef = useRef<GraphEngine | null>(null);
  const appliedLayout = useRef<LayoutName>('force');
  const onSelectRef = useRef(onSelect);
  const publish = usePublishGraphEngine();

  useEffect(() => {
    onSelectRef.current = onSelect;
  }, [onSelect]);

  useEffect(() => {
    const engine = createGraphEngine(containerRef.current as HTMLDivElement);
    engineRef.current = engine;
    appliedLayout.current = 'force';
    const offClick = engine.on('click', (node) => onSelectRef.current(node));
    publish(engine);
    return () => {
      offClick();
      publish(null);
      engineRef.current = null;
      engine.kill();
    };
  }, [publish]);

  useEffect(() => {
    engineRef.current?.setGraph({ connections, relationships });
  }, [connections, relationships]);

  useEffect(() => {
    if (!engineRef.current || appliedLayout.current === layout) return;
    appliedLayout.current = layout;
    engineRef.current.setLayout(layout);
  }, [layout, connections]);

  useEffect(() => {
    engineRef.current?.setSelectedCompanies(selectedCompanies.map(engineCompanyKey));
  }, [selectedCompanies, connections]);

  return <div ref={containerRef} data-testid="network-graph" style={{ position: 'absolute', inset: 0 }} />;
}
