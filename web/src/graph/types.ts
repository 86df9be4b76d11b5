import type {
  GraphAttributes,
  GraphData,
  GraphLink,
  GraphNode,
  GroupKey,
  TourCaptions,
} from './model/graph-input';
import type { ShownLabel } from './render/render-protocol';

export type { ShownLabel };

export type LayoutName = 'force' | 'circular' | 'hierarchical';

export interface GraphHighlight {
  nodeIds: Iterable<string>;
  linkIds: Iterable<string>;
}

/**
 * A hovered node (the very object the app handed over) and where it is on screen (CSS px from
 * the container's top-left).
 */
export interface GraphHover<N = GraphNode> {
  node: N;
  x: number;
  y: number;
}

export interface GraphEngineEvents<N = GraphNode> {
  hover: GraphHover<N> | null;
  click: N;
  tourCaption: string | null;
  settled: void;
}

export type GraphEventName = keyof GraphEngineEvents;

/**
 * How an engine is set up. N and L are the app's node and link types: plain GraphNode and
 * GraphLink by default, else `attributes` says how to read them.
 */
export interface GraphEngineOptions<N = GraphNode, L = GraphLink> {
  /**
   * Fit the view ~500 ms after the layout first settles (docs/product.md#layouts-and-tours).
   * Default true.
   */
  autoFit?: boolean;
  /** How group names fold into one group (and selections with them); default: the name as given. */
  groupKey?: GroupKey;
  /** The tours' captions; the engine's own are neutral (a node is captioned by its label). */
  captions?: Partial<TourCaptions<N>>;
  /** How nodes and links are read; required unless they are plain GraphNode and GraphLink. */
  attributes?: GraphAttributes<N, L>;
}

export interface GraphEngineStats {
  nodes: number;
  links: number;
  /** performance.now() of the last setGraph call and of the first frame drawn after it. */
  graphSetAt: number;
  firstFrameAt: number | null;
  settledAt: number | null;
  layoutSteps: number;
  layoutStepMs: number;
  workerHeapBytes: number | null;
  /** Main-thread ms of each frame's renderer work since `since`; kind bit 1 = new positions, 2 = camera moved. */
  frames: { at: number; ms: number; kind: number }[];
  /** The render worker's ms per drawn frame (texture and buffer uploads, draw submission). */
  workerFrames: { at: number; ms: number; kind: number }[];
}

export interface GraphEngine<N = GraphNode, L = GraphLink> {
  setGraph(data: GraphData<N, L>): void;
  setHighlight(highlight: GraphHighlight): void;
  /** A second highlight beside setHighlight's, kept apart from it. Empty clears it. */
  setMemberHighlight(nodeIds: Iterable<string>): void;
  /** Colours the members of these groups (names or keys, folded by groupKey) and reheats the layout. */
  setSelectedGroups(keys: Iterable<string>): void;
  setLayout(layout: LayoutName): void;
  zoomIn(): void;
  zoomOut(): void;
  resetView(): void;
  fitToScreen(durationMs?: number, padding?: number): void;
  centerOn(nodeId: string, zoom?: number, durationMs?: number): void;
  /**
   * centerOn once the graph has its first picture: at once when the layout has settled before,
   * else when it first settles, in place of the automatic fit (a person opened through a link is
   * flown to rather than to where the layout starts). A later call replaces an earlier one.
   */
  focusOn(nodeId: string, zoom?: number, durationMs?: number): void;
  startGuidedTour(): void;
  startFlyByTour(onCaption?: (caption: string | null) => void): void;
  stopTour(): void;
  exportPng(): Promise<Blob>;
  /** The labels drawn now (groups, nodes' labels), as the render worker last reported. */
  labelsOnScreen(): readonly ShownLabel[];
  /** Where a node is on screen now (CSS px in the container), or null. */
  nodeScreenPosition(nodeId: string): { x: number; y: number } | null;
  /** Whether a node is drawn highlighted now (the app's or a member highlight, a tour's stop). */
  isHighlighted(nodeId: string): boolean;
  stats(since?: number): GraphEngineStats;
  on<E extends GraphEventName>(event: E, handler: (payload: GraphEngineEvents<N>[E]) => void): () => void;
  kill(): void;
}
