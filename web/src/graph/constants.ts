/**
 * The numbers of docs/product.md#layouts-and-tours the engine follows. Lengths are world units,
 * durations ms.
 */
export const GRAPH = {
  /** force-graph's nodeRelSize: a node of size s has radius sqrt(s) * 4 world units. */
  nodeRelSize: 4,
  companyLinkLength: 20,
  otherLinkLength: 80,
  companyLinkWidth: 1.5,
  otherLinkWidth: 1,
  highlightLinkWidth: 2,
  /**
   * CSS px of a link with a weight (GraphLink.weight): `min` at 0, `max` at 1, in between in
   * proportion; highlighted ones (paths, selections) keep their weight, a little wider.
   */
  weightedLinkWidth: { min: 0.5, max: 4 },
  weightedHighlightLinkWidth: { min: 1.5, max: 5 },
  particlesPerLink: 4,
  companyLabelThreshold: 8,
  minZoom: 0.01,
  maxZoom: 1000,
  zoomStep: 1.2,
  zoomStepMs: 400,
  resetMs: 500,
  fitMs: 400,
  fitPadding: 60,
  autoFitDelayMs: 500,
  /**
   * The engine default of docs/product.md#layouts-and-tours: a simulation stops after 15 s whatever
   * its state.
   */
  cooldownMs: 15000,
  circleRadiusShare: 0.35,
  circularReleaseMs: 2000,
  hierarchicalReleaseMs: 3000,
  /**
   * The layout worker waits for the first graph's first frame, at most this long (a renderer that
   * never presents must not stop the layout): docs/performance.md "The workspace screen's startup".
   */
  layoutHoldMaxMs: 2000,
} as const;

export const TOUR = {
  stepMs: 3000,
  moveMs: 1000,
  youZoom: 3.5,
  companyZoom: 2.5,
  companies: 8,
  endZoom: 1,
  endMs: 1000,
  flyByStepMs: 4000,
  flyByZoom: 3,
} as const;

/**
 * docs/product.md#layouts-and-tours "reheat on company selection", written with d3-force's numbers.
 * The worker maps a d3 charge to ngraph's repulsion relative to d3's default charge of -30.
 */
export const COMPANY_SELECTION_FORCES = {
  selected: { charge: -400, linkDistance: 100, centerStrength: 0.5, fitMs: 500, fitPadding: 50 },
  none: { charge: -100, linkDistance: 30, centerStrength: 1 },
} as const;
export const D3_DEFAULT_CHARGE = -30;
