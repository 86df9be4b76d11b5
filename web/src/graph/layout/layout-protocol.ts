/** Forces of the worker's simulation, in product terms (d3-style charge, link distances). */
export interface ForceParams {
  /** d3-style many-body strength; -30 is d3's default, the spec's reheat uses -100 and -400. */
  charge: number;
  companyLinkLength: number;
  otherLinkLength: number;
  /** Pull of every free body towards the origin, 0..1 (the spec's "centre strength"). */
  centerStrength: number;
}

/** The graph as the worker needs it: indices only, all typed arrays (cheap to post). */
export interface LayoutGraph {
  nodeCount: number;
  positions: Float32Array;
  linkSources: Uint32Array;
  linkTargets: Uint32Array;
  linkKinds: Uint8Array;
  /** Node pinned at its position while the force layout runs (YOU), or -1. */
  anchor: number;
  /** Company by node for the cluster forces, -1 for none (and for YOU and hubs). */
  groupOfNode: Int32Array;
  /** Teammates of a workspace graph (placed between YOU and their people). */
  hubs: Uint32Array;
}

/** How hot a (re)start is: a fresh layout refines more than a nudge after a filter. */
export type Heat = 'initial' | 'reheat' | 'release';

/**
 * Every command that changes positions carries a new epoch; positions tagged with an older epoch
 * are dropped by the main thread (they predate a pin or a new graph).
 */
export type ToWorker =
  | { type: 'load'; epoch: number; graph: LayoutGraph; params: ForceParams; heat: Heat }
  | { type: 'reheat'; epoch: number; params: ForceParams | null; heat: Heat }
  | { type: 'pin'; epoch: number; positions: Float32Array }
  | { type: 'release'; epoch: number; params: ForceParams }
  | { type: 'stop' }
  | { type: 'stats' }
  | { type: 'buffer'; buffer: Float32Array };

export type FromWorker =
  | { type: 'positions'; epoch: number; buffer: Float32Array; settled: boolean }
  | { type: 'stats'; epoch: number; steps: number; stepMs: number; heapBytes: number | null };
