import type { CameraController } from './camera/camera-controller';
import type { CameraState, Viewport } from './camera/camera-math';
import type { EventHub } from './event-hub';
import type { GraphModel } from './model/graph-model';
import type { GraphHover } from './types';

/**
 * What the engine's parts share, written by the engine alone: the graph on screen now. Parts
 * read it when they need it, so it never goes stale in one of them.
 */
export interface Scene {
  model: GraphModel | null;
  /** The page's copy of node positions (picking, fit, tours): node i at [2i, 2i + 1]. */
  positions: Float32Array;
  /** World-unit radius of every node. */
  radii: Float32Array;
}

/** The camera and the container's size in CSS px (measured by the engine's ResizeObserver). */
export interface View {
  readonly camera: CameraController;
  viewport: Viewport;
}

/** The layout worker's own account of its steps, sent with its positions. */
export interface WorkerStats {
  steps: number;
  stepMs: number;
  heapBytes: number | null;
}

/**
 * Everything a part tells the engine, on one typed hub: the render and layout workers report,
 * the layout director, the tours and the pointer ask. The engine is the only listener.
 */
export interface EngineSignals {
  /** The render worker drew a frame: page-clock time, its own ms for it, what changed. */
  rendered: { at: number; ms: number; kind: number };
  /** The positions buffer is back from the render worker: the next positions may be sent. */
  positionsReturned: void;
  /** The first frame of the latest graph reached the screen (page-clock ms). */
  presented: number;
  /** The layout worker has new positions waiting: take them in the next frame. */
  positionsWaiting: void;
  layoutStats: WorkerStats;
  /** A fixed layout placed everyone: show these positions at once (the worker is told apart). */
  placed: Float32Array;
  /** Fit the view now, or when the layout next settles. */
  fit: { ms: number; padding: number; when: 'now' | 'settled' };
  /** Fly the camera to a world point and zoom (0 ms: jump). */
  fly: { x: number; y: number; zoom: number; ms: number };
  /** The user panned, zoomed or pinched. */
  cameraMoved: CameraState;
  /** The node under the pointer changed (index -1 and null when none). */
  hovered: { index: number; hover: GraphHover<unknown> | null };
  /** The app's own node object. */
  clicked: unknown;
  /** A tour's caption changed. */
  tourCaption: string | null;
  /** The tour's own selection (the fly-by's current node), shown highlighted. */
  tourSelection: readonly number[];
}

export type Signals = EventHub<EngineSignals>;
