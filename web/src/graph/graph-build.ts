import type { HighlightState, PreparedHighlight } from './highlight-state';
import { toLayoutGraph } from './layout/layout-graph';
import type { LayoutGraph } from './layout/layout-protocol';
import { placeSteps, type PlacedGraph } from './layout/initial-placement';
import type { GroupKey } from './model/graph-input';
import {
  buildGraphModelSteps,
  type AnyGraphData,
  type Attributes,
  type GraphModel,
} from './model/graph-model';
import { styleNodesSteps } from './render/node-style';
import { toRenderGraphSteps } from './render/render-graph';
import type { RenderGraph } from './render/render-protocol';
import type { Steps } from './sliced-task';

export interface BuiltGraph {
  model: GraphModel;
  positions: Float32Array;
  radii: Float32Array;
  highlight: PreparedHighlight;
  /** What the render and layout workers are handed, copied before the hand-over (they transfer). */
  copies: { render: RenderGraph; layout: LayoutGraph };
}

/**
 * Everything the page computes for a new graph, as slices for runSliced, each stage once and in
 * order: the model, the first placement (nodes already on screen keep their place), the
 * highlight resolved for it, radii and colours, then the workers' copies.
 */
export function* buildGraphSteps(
  data: AnyGraphData,
  read: Attributes,
  groupKey: GroupKey,
  previous: PlacedGraph | null,
  highlight: HighlightState,
): Steps<BuiltGraph> {
  const model = yield* buildGraphModelSteps(data, groupKey, read);
  const positions = yield* placeSteps(model, previous);
  const prepared = yield* highlight.prepareSteps(model);
  const { radii, colors } = yield* styleNodesSteps(model, prepared.groups, prepared.nodes);
  // The workers' copies (a few MB at 100,000 nodes) in slices of their own, not in the
  // hand-over's task.
  yield;
  const render = yield* toRenderGraphSteps(model, positions, radii, colors);
  yield;
  return {
    model,
    positions,
    radii,
    highlight: { ...prepared, colors },
    copies: { render, layout: toLayoutGraph(model, positions) },
  };
}
