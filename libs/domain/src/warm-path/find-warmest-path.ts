import { type HopFacts, explainHop, hopFacts } from './explain-hop.js';
import { MinHeap } from './min-heap.js';
import { type WarmthGraph, type WarmthGraphEdge } from './warmth-graph.js';

export interface WarmPathHop extends HopFacts {
  fromId: string;
  toId: string;
  warmth: number;
  /** One sentence for people, e.g. "You know Ana Silva (6 years)". */
  explanation: string;
  /** Id of the stored link travelled; null when the edge is implied (knownBy, teammates). */
  linkId: string | null;
}

export interface WarmPath {
  /** Node ids from the start to the target, both included. */
  nodes: string[];
  hops: WarmPathHop[];
  /** Product of the hops' warmths, in (0, 1]. */
  warmth: number;
}

/**
 * The warmest introduction path (docs/product.md#warm-paths): the path whose product of edge warmths is the
 * greatest, found as a shortest path on -log(warmth) with Dijkstra and a binary heap,
 * O((V + E) log V). Null when the target cannot be reached or an id is unknown.
 */
export function findWarmestPath(graph: WarmthGraph, fromId: string, toId: string): WarmPath | null {
  const start = graph.indexOf.get(fromId);
  const target = graph.indexOf.get(toId);
  if (start === undefined || target === undefined) return null;
  return pathAlong(graph, start, shortestPathTree(graph, start, target), target);
}

/** The warmest paths from one node to every node of a graph: one search, then a walk per target. */
export interface WarmestPaths {
  readonly graph: WarmthGraph;
  readonly start: number;
  /** Per node, the edge it is reached by (-1: the start, or unreachable). */
  readonly via: Int32Array;
}

/**
 * Dijkstra from `fromId` run to the end instead of stopping at one target: the tree it leaves
 * holds the warmest path to every node, the very path findWarmestPath finds (a node's edge is
 * final once it is settled, whether the search stops there or goes on). Costs one search, so a
 * graph asked about many targets answers each by walking its path. Null for an unknown id.
 */
export function warmestPathsFrom(graph: WarmthGraph, fromId: string): WarmestPaths | null {
  const start = graph.indexOf.get(fromId);
  if (start === undefined) return null;
  return { graph, start, via: shortestPathTree(graph, start, -1) };
}

/** The warmest path to one node from a tree of warmestPathsFrom; null when unknown or unreachable. */
export function warmestPathTo(paths: WarmestPaths, toId: string): WarmPath | null {
  const target = paths.graph.indexOf.get(toId);
  if (target === undefined) return null;
  return pathAlong(paths.graph, paths.start, paths.via, target);
}

function pathAlong(graph: WarmthGraph, start: number, via: Int32Array, target: number): WarmPath | null {
  if (start !== target && via[target] === -1) return null;
  const route: number[] = [];
  for (let node = target; node !== start;) {
    const edgeIndex = via[node] as number;
    route.push(edgeIndex);
    const edge = graph.edges[edgeIndex] as WarmthGraphEdge;
    node = edge.from === node ? edge.to : edge.from;
  }
  route.reverse();
  return toWarmPath(graph, start, route);
}

/** Dijkstra from `start`, stopping at `target` (-1: none); returns, per node, the edge it was reached by. */
function shortestPathTree(graph: WarmthGraph, start: number, target: number): Int32Array {
  const count = graph.people.length;
  const cost = new Float64Array(count).fill(Infinity);
  const via = new Int32Array(count).fill(-1);
  const settled = new Uint8Array(count);
  const heap = new MinHeap();
  cost[start] = 0;
  heap.push(start, 0);
  while (heap.size > 0) {
    const node = heap.pop();
    if (settled[node]) continue;
    settled[node] = 1;
    if (node === target) break;
    const end = graph.offsets[node + 1] as number;
    for (let entry = graph.offsets[node] as number; entry < end; entry++) {
      const neighbour = graph.neighbours[entry] as number;
      const edgeIndex = graph.edgeOf[entry] as number;
      const candidate = (cost[node] as number) + (graph.edges[edgeIndex] as WarmthGraphEdge).cost;
      if (candidate < (cost[neighbour] as number)) {
        cost[neighbour] = candidate;
        via[neighbour] = edgeIndex;
        heap.push(neighbour, candidate);
      }
    }
  }
  return via;
}

function toWarmPath(graph: WarmthGraph, start: number, route: readonly number[]): WarmPath {
  const idOf = (index: number): string => (graph.people[index] as { id: string }).id;
  const nodes = [idOf(start)];
  const hops: WarmPathHop[] = [];
  let warmth = 1;
  let from = start;
  for (const edgeIndex of route) {
    const edge = graph.edges[edgeIndex] as WarmthGraphEdge;
    const to = edge.from === from ? edge.to : edge.from;
    hops.push({
      fromId: idOf(from),
      toId: idOf(to),
      warmth: edge.warmth,
      explanation: explainHop(graph, edge, from),
      linkId: edge.link?.id ?? null,
      ...hopFacts(graph, edge, from),
    });
    nodes.push(idOf(to));
    warmth *= edge.warmth;
    from = to;
  }
  return { nodes, hops, warmth };
}
