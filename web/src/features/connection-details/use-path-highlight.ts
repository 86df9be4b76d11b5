import type { WarmPathView } from '@warmpath/contracts';
import { useEffect } from 'react';
import type { NetworkGraphEngine as GraphEngine } from '../network';

/**
 * Draws the warmest path in the graph (rings, highlighted colour, wider links with particles) while
 * the person is open; until the path arrives, just the person. Cleared when the panel closes.
 */
export function usePathHighlight(
  engine: GraphEngine | null,
  personId: string,
  path: WarmPathView | undefined,
): void {
  useEffect(() => {
    if (!engine) return;
    const found = path?.found && path.toId === personId;
    const nodeIds = found ? path.nodes.map((node) => node.id) : [personId];
    const linkIds = found
      ? [...new Set([...path.links.map((link) => link.id), ...path.hops.map((hop) => hop.linkId)])]
      : [];
    engine.setHighlight({ nodeIds, linkIds });
    return () => engine.setHighlight({ nodeIds: [], linkIds: [] });
  }, [engine, personId, path]);
}
