export { createGraphEngine, prewarmGraphEngine } from './graph-engine';
export { LEGEND, LEGEND_SIZES, NODE_COLORS, HIGHLIGHT_COLOR, type NodeCategory } from './render/node-style';
export type {
  GraphData,
  GraphEngine,
  GraphEngineEvents,
  GraphEngineOptions,
  GraphEngineStats,
  GraphHighlight,
  GraphHover,
  LayoutName,
  ShownLabel,
} from './types';
