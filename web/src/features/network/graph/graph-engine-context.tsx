import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { NetworkGraphEngine as GraphEngine } from './graph-adapter';

interface EngineSlot {
  engine: GraphEngine | null;
  setEngine: (engine: GraphEngine | null) => void;
}

const GraphEngineContext = createContext<EngineSlot | null>(null);

/**
 * Where the mounted graph engine is published for the parts of the page that drive it (toolbar,
 * search, details panel). It holds the engine object only: never positions.
 */
export function GraphEngineProvider({ children }: { children: ReactNode }) {
  const [engine, setEngine] = useState<GraphEngine | null>(null);
  const slot = useMemo(() => ({ engine, setEngine }), [engine]);
  return <GraphEngineContext.Provider value={slot}>{children}</GraphEngineContext.Provider>;
}

function useSlot(): EngineSlot {
  const slot = useContext(GraphEngineContext);
  if (!slot) throw new Error('useGraphEngine must be used within a GraphEngineProvider');
  return slot;
}

/** The engine while the graph is mounted, else null. */
export function useGraphEngine(): GraphEngine | null {
  return useSlot().engine;
}

export function usePublishGraphEngine(): (engine: GraphEngine | null) => void {
  return useSlot().setEngine;
}
