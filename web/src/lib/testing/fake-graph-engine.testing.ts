import { vi } from 'vitest';
import type { Connection, Relationship } from '@warmpath/contracts';
import type { GraphEngine, GraphEngineEvents } from '../../graph';
import { GRAPH_COLORS } from '../../graph/render/node-style';

type Listener = (payload: never) => void;

/** The network's engine: people as nodes, relationships as links. */
export interface FakeGraphEngine extends GraphEngine<Connection, Relationship> {
  emit<E extends keyof GraphEngineEvents>(event: E, payload: GraphEngineEvents<Connection>[E]): void;
}

/** A stand-in for the WebGL engine in component tests: records calls, emits events on demand. */
export function createFakeGraphEngine(): FakeGraphEngine {
  const listeners = new Map<string, Set<Listener>>();
  const engine = {
    setGraph: vi.fn(),
    setHighlight: vi.fn(),
    setMemberHighlight: vi.fn(),
    setSelectedGroups: vi.fn(),
    setLayout: vi.fn(),
    zoomIn: vi.fn(),
    zoomOut: vi.fn(),
    resetView: vi.fn(),
    fitToScreen: vi.fn(),
    centerOn: vi.fn(),
    focusOn: vi.fn(),
    startGuidedTour: vi.fn(),
    startFlyByTour: vi.fn(),
    stopTour: vi.fn(),
    exportPng: vi.fn(async () => new Blob(['png'], { type: 'image/png' })),
    nodeScreenPosition: vi.fn(() => null),
    isHighlighted: vi.fn(() => false),
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
