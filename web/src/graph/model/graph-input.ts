/**
 * What the engine is handed: its own small model of nodes and links, with nothing of any product
 * in it. A node or link is either a plain GraphNode / GraphLink, or an app's own object read
 * through GraphAttributes (the network feature's graph-adapter.ts reads people and their links so):
 * the engine calls the readers inside its own sliced loops, so nothing is copied up front.
 */
export type NodeRole = 'anchor' | 'hub';
export type LinkKind = 'group' | 'other';

export interface GraphNode {
  id: string;
  /** Drawn under the node when zoomed in (one line). */
  label: string;
  /** Area in world units: the radius grows with the square root (as in force-graph). */
  size: number;
  /** 0xRRGGBB, while nothing highlights the node and its group is not selected. */
  color: number;
  /** The group the node is laid out and labelled with (nodes whose keys fold alike share one), or null. */
  group: string | null;
  /** 0..10: a group's higher ranks sit in its middle, and its first node carries its label. */
  rank: number;
  /**
   * 'anchor': pinned at the origin and the guided tour's first stop (the first anchor counts), in
   * no group. 'hub': placed between the anchor and the nodes it links to. Neither takes the
   * selected-group colour.
   */
  role?: NodeRole;
  /** The fly-by tour visits featured nodes first. */
  isFeatured?: boolean;
}

export interface GraphLink {
  id: string;
  source: string;
  target: string;
  /** 'group' links are short and drawn wider; 'other' links long and faint. */
  kind: LinkKind;
  /**
   * 0..1: how much the link weighs, drawn as its width (GRAPH.weightedLinkWidth: thin at 0, wide
   * at 1). Absent or null: the kind's own width, as a graph without weights looks.
   */
  weight?: number | null;
}

/** How the engine reads an app's node: each of GraphNode's fields as a function of the node. */
export interface NodeAttributes<N> {
  id(node: N): string;
  label(node: N): string;
  size(node: N): number;
  color(node: N): number;
  group(node: N): string | null;
  rank(node: N): number;
  role(node: N): NodeRole | undefined;
  isFeatured(node: N): boolean;
}

/** How the engine reads an app's link: each of GraphLink's fields as a function of the link. */
export interface LinkAttributes<L> {
  id(link: L): string;
  source(link: L): string;
  target(link: L): string;
  kind(link: L): LinkKind;
  /** GraphLink's weight; apps that weigh no link leave the reader out. */
  weight?(link: L): number | null | undefined;
}

export interface GraphAttributes<N, L> {
  node: NodeAttributes<N>;
  link: LinkAttributes<L>;
}

/** The readers of plain GraphNode and GraphLink objects (the default). */
export const PLAIN_ATTRIBUTES: GraphAttributes<GraphNode, GraphLink> = {
  node: {
    id: (node) => node.id,
    label: (node) => node.label,
    size: (node) => node.size,
    color: (node) => node.color,
    group: (node) => node.group,
    rank: (node) => node.rank,
    role: (node) => node.role,
    isFeatured: (node) => node.isFeatured === true,
  },
  link: {
    id: (link) => link.id,
    source: (link) => link.source,
    target: (link) => link.target,
    kind: (link) => link.kind,
    weight: (link) => link.weight,
  },
};

/** Where each link ends, as positions in the node list (-1: not in it). */
export interface LinkEnds {
  sources: Int32Array;
  targets: Int32Array;
}

/**
 * Links as columns, with no object per link: each link's ends as positions in the node list
 * (-1: not in it) and readers by link index (0 to `sources.length - 1`), called inside the
 * engine's sliced loops like LinkAttributes. An app that holds its links as typed arrays (the
 * network feature's 400,000 links of a pooled network) hands them over so; `id` is read only when
 * the app highlights links.
 */
export interface GraphLinkColumns extends LinkEnds {
  kind(link: number): LinkKind;
  /** GraphLink's weight; apps that weigh no link leave the reader out. */
  weight?(link: number): number | null | undefined;
  id(link: number): string;
}

export interface GraphData<N = GraphNode, L = GraphLink> {
  nodes: readonly N[];
  /** The links as objects, read through LinkAttributes; not read when `linkColumns` is given. */
  links: readonly L[];
  /**
   * Each link's ends, when the app already knows them (same order and length as `links`): then
   * building the graph looks up no id. Links to nobody (-1) and loops are dropped either way.
   */
  linkEnds?: LinkEnds | null;
  /** The links as columns instead of `links` (then `links` and `linkEnds` are not read). */
  linkColumns?: GraphLinkColumns | null;
}

/** How group names fold into one group (e.g. case and spacing); the name itself by default. */
export type GroupKey = (group: string) => string;

/** The tours' captions; the engine's own are neutral. */
export interface TourCaptions<N = GraphNode> {
  /** The guided tour's stop at the anchor. */
  anchor: string;
  /** The guided tour's stop at a group of `size` nodes. */
  group(name: string, size: number): string;
  /** The fly-by's stop at a node. */
  node(node: N): string;
}
