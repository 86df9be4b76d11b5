import type { NetworkGraphEngine } from './graph-adapter';

/**
 * What end-to-end specs read of the graph on screen (docs/developer-guide.md#add-a-screen-web), as
 * the lab page's `window.__graphLab` does for the engine alone: read-only, never drives anything.
 */
export interface WarmpathGraphHook {
  /** Where a person is on screen now (CSS px from the graph's top-left), or null. */
  nodeScreenPosition(personId: string): { x: number; y: number } | null;
  /** Whether a person is drawn highlighted now. */
  isHighlighted(personId: string): boolean;
}

declare global {
  interface Window {
    __warmpathGraph?: WarmpathGraphHook;
  }
}

/** Publishes the mounted engine's reads on `window.__warmpathGraph`; the returned function withdraws them. */
export function publishGraphTestHook(engine: NetworkGraphEngine): () => void {
  const hook: WarmpathGraphHook = {
    nodeScreenPosition: (personId) => engine.nodeScreenPosition(personId),
    isHighlighted: (personId) => engine.isHighlighted(personId),
  };
  window.__warmpathGraph = hook;
  return () => {
    if (window.__warmpathGraph === hook) delete window.__warmpathGraph;
  };
}
