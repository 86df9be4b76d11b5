/**
 * What the engine is handed: its own small model of nodes and links, with nothing of any product
 * in it. An app maps its data onto this once per graph (the network feature's graph-adapter.ts
 * does it for people and their links); the engine reads nothing else of it.
 */
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
  role?: 'anchor' | 'hub';
  /** The fly-by tour visits featured nodes first. */
  isFeatured?: boolean;
}

export interface GraphLink {
  id: string;
  source: string;
  target: string;
  /** 'group' links are short and drawn wider; 'other' links long and faint. */
  kind: 'group' | 'other';
}

/** Where each link ends, as positions in the node list (-1: not in it). */
export interface LinkEnds {
  sources: Int32Array;
  targets: Int32Array;
}

export interface GraphData {
  nodes: readonly GraphNode[];
  links: readonly GraphLink[];
  /**
   * Each link's ends, when the app already knows them (same order and length as `links`): then
   * building the graph looks up no id. Links to nobody (-1) and loops are dropped either way.
   */
  linkEnds?: LinkEnds | null;
}

/** How group names fold into one group (e.g. case and spacing); the name itself by default. */
export type GroupKey = (group: string) => string;

/** The tours' captions; the engine's own are neutral. */
export interface TourCaptions {
  /** The guided tour's stop at the anchor. */
  anchor: string;
  /** The guided tour's stop at a group of `size` nodes. */
  group(name: string, size: number): string;
  /** The fly-by's stop at a node. */
  node(node: GraphNode): string;
}
