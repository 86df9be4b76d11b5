import { buildWarmthGraph, type WarmthGraph, type WarmthLink } from '../warm-path/warmth-graph.js';
import type { PooledNetwork } from './pool-network.js';

/**
 * The warmth graph of a pooled network: every link explicit, each knows link with its own
 * member's tie, so the warmest path goes through the teammate who knows the person best.
 * Nothing is implied from `knownBy`: a member on counts only adds to it but is no way through.
 */
export function buildPooledWarmthGraph(pooled: PooledNetwork, today?: Date): WarmthGraph {
  const knows: WarmthLink[] = pooled.knowsLinks.map((link, index) => ({
    ...link,
    tie: pooled.knowsTies[index],
  }));
  return buildWarmthGraph(
    [pooled.self, ...pooled.teammates, ...pooled.people],
    [...knows, ...pooled.teammateLinks, ...pooled.companyLinks],
    pooled.self.id,
    today ? { implied: false, today } : { implied: false },
  );
}
