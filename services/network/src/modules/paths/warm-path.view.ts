import type { Connection, Relationship, WarmPathHopView, WarmPathView } from '@warmpath/contracts';
import type { WarmPath, WarmPathHop, WarmthGraph } from '@warmpath/domain';
import { toKnowsLink, toTeammateLink } from '../graph/network-view.mapper.js';

/** What the view needs of the graph a path was found in (a user's network, or later a workspace's). */
export interface PathGraph {
  readonly version: string;
  readonly warmth: WarmthGraph;
  /** The full node for an id: the own node with its profile, or a person. */
  node(id: string): Connection | undefined;
  /** A stored company link by id (a pooled graph answers every link: each member's knows link is its own). */
  companyLink(id: string): Relationship | undefined;
}

/**
 * The warmest path as the API answers it: full nodes, the links travelled (the same ids as
 * GET /api/network, implied links included) and, per hop, libs/domain's warmth, sentence and facts.
 */
export function toWarmPathView(
  graph: PathGraph,
  fromId: string,
  toId: string,
  path: WarmPath | null,
): WarmPathView {
  if (!path)
    return { found: false, fromId, toId, warmth: 0, nodes: [], links: [], hops: [], version: graph.version };
  const nodes = path.nodes.map((id) => requireNode(graph, id));
  const links = path.hops.map((hop) => linkOf(graph, hop));
  const hops: WarmPathHopView[] = path.hops.map((hop, index) => ({
    ...hop,
    linkId: (links[index] as Relationship).id,
  }));
  return { found: true, fromId, toId, warmth: path.warmth, nodes, links, hops, version: graph.version };
}

function requireNode(graph: PathGraph, id: string): Connection {
  const node = graph.node(id);
  if (!node) throw new Error(`Path node ${id} is not in the graph`);
  return node;
}

const isUserNode = (node: Connection): boolean => node.isUser || node.isTeammate;

/** The graph link a hop travels; "knows" and teammate links are implied by the data, never stored. */
function linkOf(graph: PathGraph, hop: WarmPathHop): Relationship {
  const from = requireNode(graph, hop.fromId);
  const to = requireNode(graph, hop.toId);
  const explicit = hop.linkId === null ? undefined : graph.companyLink(hop.linkId);
  if (explicit) return explicit;
  switch (hop.kind) {
    case 'knows': {
      // A path may travel a "knows" edge either way: the knower is the user node.
      const [knower, known] = isUserNode(from) ? [from, to] : [to, from];
      return toKnowsLink(known, knower.userId);
    }
    case 'teammate':
      return toTeammateLink(from, to);
    case 'company':
      throw new Error(`Company hop ${hop.fromId}-${hop.toId} has no stored link`);
  }
}
