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
}

/** How hot a (re)start is: a fresh layout refines more than a nudge after a filter. */
export type Heat = 'initial' | 'reheat' | 'release';

export type ToWorker =
  | { type: 'load'; generation: number; graph: LayoutGraph; params: ForceParams; heat: Heat }
  | { type: 'reheat'; generation: number; params: ForceParams | null; heat: Heat }
  | { type: 'pin'; generation: number; positions: Float32Array }
  | { type: 'release'; generation: number }
  | { type: 'stop' }
  | { type: 'buffer'; buffer: Float32Array };

export type FromWorker =
  | { type: 'positions'; generation: number; buffer: Float32Array; settled: boolean }
  | { type: 'stats'; generation: number; steps: number; stepMs: number; heapBytes: number | null };
