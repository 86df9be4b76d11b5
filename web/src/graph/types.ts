import type { Connection, Relationship } from '@warmpath/contracts';
import type { ShownLabel } from './render/render-protocol';

export type { ShownLabel };

export type LayoutName = 'force' | 'circular' | 'hierarchical';

export interface GraphData {
  connections: readonly Connection[];
  relationships: readonly Relationship[];
}

export interface GraphHighlight {
  nodeIds: Iterable<string>;
  linkIds: Iterable<string>;
}

/** A hovered person and where they are on screen (CSS px from the container's top-left). */
export interface GraphHover {
  node: Connection;
  x: number;
  y: number;
}

export interface GraphEngineEvents {
  hover: GraphHover | null;
  click: Connection;
  tourCaption: string | null;
  settled: void;
}

export type GraphEventName = keyof GraphEngineEvents;
export type GraphEventHandler<E extends GraphEventName> = (payload: GraphEngineEvents[E]) => void;

export interface GraphEngineOptions {
  /**
   * Fit the view ~500 ms after the layout first settles (docs/product.md#layouts-and-tours).
   * Default true.
   */
  autoFit?: boolean;
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

export interface GraphEngine {
  setGraph(data: GraphData): void;
  setHighlight(highlight: GraphHighlight): void;
  /**
   * A second highlight beside setHighlight's (which the warm path owns): the people a
   * workspace's collaborator filter picks. Empty clears it.
   */
  setMemberHighlight(nodeIds: Iterable<string>): void;
  setSelectedCompanies(keys: Iterable<string>): void;
  setLayout(layout: LayoutName): void;
  zoomIn(): void;
  zoomOut(): void;
  resetView(): void;
  fitToScreen(durationMs?: number, padding?: number): void;
  centerOn(nodeId: string, zoom?: number, durationMs?: number): void;
  startGuidedTour(): void;
  startFlyByTour(onCaption?: (caption: string | null) => void): void;
  stopTour(): void;
  exportPng(): Promise<Blob>;
  /** The labels drawn now (company clusters, people's names), as the render worker last reported. */
  labelsOnScreen(): readonly ShownLabel[];
  /** Where a person is on screen now (CSS px in the container), or null. */
  nodeScreenPosition(nodeId: string): { x: number; y: number } | null;
  stats(since?: number): GraphEngineStats;
  on<E extends GraphEventName>(event: E, handler: GraphEventHandler<E>): () => void;
  kill(): void;
}
