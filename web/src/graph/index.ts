export { createGraphEngine, prewarmGraphEngine } from './graph-engine';
export type { GraphData, GraphLink, GraphNode, GroupKey, LinkEnds, TourCaptions } from './model/graph-input';
export { GRAPH_COLORS } from './render/node-style';
export type {
  GraphEngine,
  GraphEngineEvents,
  GraphEngineOptions,
  GraphEngineStats,
  GraphHighlight,
  GraphHover,
  LayoutName,
  ShownLabel,
} from './types';
