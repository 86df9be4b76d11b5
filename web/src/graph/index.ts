export { createGraphEngine, prewarmGraphEngine } from './graph-engine';
export { PLAIN_ATTRIBUTES } from './model/graph-input';
export type {
  GraphAttributes,
  GraphData,
  GraphLink,
  GraphLinkColumns,
  GraphNode,
  GroupKey,
  LinkAttributes,
  LinkEnds,
  LinkKind,
  NodeAttributes,
  NodeRole,
  TourCaptions,
} from './model/graph-input';
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
