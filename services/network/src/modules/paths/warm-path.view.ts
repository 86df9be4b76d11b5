import type { Connection, Relationship, WarmPathHopView, WarmPathView } from '@warmpath/contracts';
import type { WarmPath, WarmthGraph, WarmthGraphEdge, WarmthLink, WarmthPerson } from '@warmpath/domain';
import { toKnowsLink, toTeammateLink } from '../graph/network-view.mapper.js';

/** What the view needs of the graph a path was found in (a user's network, or later a workspace's). */
export interface PathGraph {
  readonly version: string;
  readonly warmth: WarmthGraph;
  /** The full node for an id: the own node with its profile, or a person. */
  node(id: string): Connection | undefined;
}

/**
 * The warmest path as the API answers it: full nodes, the links travelled (the same ids as
 * GET /api/network) and, per hop, the warmth, the sentence and the facts behind them.
 */
export function toWarmPathView(graph: PathGraph, fromId: string, toId: string, path: WarmPath | null): WarmPathView {
  if (!path) return { found: false, fromId, toId, warmth: 0, nodes: [], links: [], hops: [], version: graph.version };
  const nodes = path.nodes.map((id) => requireNode(graph, id));
  const links: Relationship[] = [];
  const hops: WarmPathHopView[] = path.hops.map((hop) => {
    const edge = travelledEdge(graph.warmth, hop.fromId, hop.toId);
    const link = linkOf(graph, edge);
    links.push(link);
    return { ...hop, kind: edge.kind, linkId: link.id, ...hopFacts(graph, edge, hop.fromId, hop.toId) };
  });
  return { found: true, fromId, toId, warmth: path.warmth, nodes, links, hops, version: graph.version };
}

function requireNode(graph: PathGraph, id: string): Connection {
  const node = graph.node(id);
  if (!node) throw new Error(`Path node ${id} is not in the graph`);
  return node;
}

/** The edge Dijkstra took between two neighbours: of parallel edges, the warmest (first on ties, as the search). */
function travelledEdge(graph: WarmthGraph, fromId: string, toId: string): WarmthGraphEdge {
  const from = graph.indexOf.get(fromId) as number;
  const to = graph.indexOf.get(toId) as number;
  let best: WarmthGraphEdge | undefined;
  for (let entry = graph.offsets[from] as number; entry < (graph.offsets[from + 1] as number); entry++) {
    if (graph.neighbours[entry] !== to) continue;
    const edge = graph.edges[graph.edgeOf[entry] as number] as WarmthGraphEdge;
    if (!best || edge.warmth > best.warmth) best = edge;
  }
  if (!best) throw new Error(`No edge between ${fromId} and ${toId}`);
  return best;
}

const isRelationship = (link: WarmthLink | null): link is Relationship =>
  link !== null && typeof (link as Partial<Relationship>).id === 'string';

function linkOf(graph: PathGraph, edge: WarmthGraphEdge): Relationship {
  const from = graph.warmth.people[edge.from] as WarmthPerson;
  const to = graph.warmth.people[edge.to] as WarmthPerson;
  switch (edge.kind) {
    case 'knows':
      return toKnowsLink(requireNode(graph, to.id), from.userId);
    case 'teammate':
      return toTeammateLink(requireNode(graph, from.id), requireNode(graph, to.id));
    case 'company':
      // The graph is built from the stored links themselves, so the edge points at one of them.
      if (isRelationship(edge.link)) return edge.link;
      throw new Error(`Company edge ${from.id}-${to.id} has no stored link`);
  }
}

function hopFacts(graph: PathGraph, edge: WarmthGraphEdge, fromId: string, toId: string) {
  const known = graph.warmth.people[edge.to] as WarmthPerson;
  const [from, to] = [requireNode(graph, fromId), requireNode(graph, toId)];
  const sameFunction = from.positionInfo.category !== 'other' && from.positionInfo.category === to.positionInfo.category;
  return {
    yearsConnected: edge.kind === 'knows' ? known.yearsConnected : null,
    workedTogether: edge.kind === 'knows' && known.hasWorkedWith,
    sharedCompany: edge.kind === 'company' ? (edge.link?.company ?? from.company ?? null) : null,
    sameFunction,
  };
}
