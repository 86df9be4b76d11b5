import { vi } from 'vitest';
import type { GraphData, GraphEngine, GraphEngineEvents, GraphNode } from '../../graph';
import { GRAPH_COLORS } from '../../graph/render/node-style';

type Listener = (payload: never) => void;

export interface FakeGraphEngine extends GraphEngine {
  emit<E extends keyof GraphEngineEvents>(event: E, payload: GraphEngineEvents[E]): void;
  /** The node of this id in the graph last handed to setGraph (what a hover or click names). */
  nodeOf(id: string): GraphNode;
}

/** A stand-in for the WebGL engine in component tests: records calls, emits events on demand. */
export function createFakeGraphEngine(): FakeGraphEngine {
  const listeners = new Map<string, Set<Listener>>();
  let graph: GraphData = { nodes: [], links: [] };
  const engine = {
    setGraph: vi.fn((data: GraphData) => (graph = data)),
    setHighlight: vi.fn(),
    setMemberHighlight: vi.fn(),
    setSelectedGroups: vi.fn(),
    setLayout: vi.fn(),
    zoomIn: vi.fn(),
    zoomOut: vi.fn(),
    resetView: vi.fn(),
    fitToScreen: vi.fn(),
    centerOn: vi.fn(),
    startGuidedTour: vi.fn(),
    startFlyByTour: vi.fn(),
    stopTour: vi.fn(),
    exportPng: vi.fn(async () => new Blob(['png'], { type: 'image/png' })),
    nodeScreenPosition: vi.fn(() => null),
    labelsOnScreen: vi.fn(() => []),
    stats: vi.fn(),
    kill: vi.fn(),
    on: vi.fn((event: string, handler: Listener) => {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)?.add(handler);
      return () => listeners.get(event)?.delete(handler);
    }),
    emit: (event: string, payload: unknown) =>
      listeners.get(event)?.forEach((handler) => handler(payload as never)),
    nodeOf: (id: string) => {
      const node = graph.nodes.find((candidate) => candidate.id === id);
      if (!node) throw new Error(`no node ${id} in the graph handed to the fake engine`);
      return node;
    },
  };
  return engine as unknown as FakeGraphEngine;
}

/** What `vi.mock` of web/src/graph answers: the fake engine (the last one made is `engines.at(-1)`). */
export function fakeGraphModule() {
  const engines: FakeGraphEngine[] = [];
  return {
    engines,
    prewarmGraphEngine: vi.fn(async () => undefined),
    createGraphEngine: vi.fn(() => {
      const engine = createFakeGraphEngine();
      engines.push(engine);
      return engine;
    }),
    GRAPH_COLORS,
  };
}

/** The node of this id the newest fake engine was handed (what the engine names on hover and click). */
export function nodeOfNewest(engines: readonly FakeGraphEngine[], id: string): GraphNode {
  const engine = engines.at(-1);
  if (!engine) throw new Error('no graph engine was made');
  return engine.nodeOf(id);
}
