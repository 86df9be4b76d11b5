import { knownPositionsSteps, mergePlacementSteps, placeInitiallySteps } from './layout/initial-placement';
import type { LayoutGraph } from './layout/layout-protocol';
import { buildGraphModelSteps, type GraphModel } from './model/graph-model';
import { computeRadiiSteps } from './render/node-styling';
import { labelDataSteps, type LabelData } from './render/render-graph';
import type { Steps } from './sliced-task';
import type { GraphData } from './types';

export interface BuiltGraph {
  model: GraphModel;
  positions: Float32Array;
  radii: Float32Array;
  labels: LabelData;
}

export interface PreviousGraph {
  model: GraphModel;
  positions: Float32Array;
}

/**
 * Everything the page computes for a new graph, as slices for runSliced: the model, the first
 * placement (people already on screen keep their place) and the node radii.
 */
export function* buildGraphSteps(data: GraphData, previous: PreviousGraph | null): Steps<BuiltGraph> {
  const model = yield* buildGraphModelSteps(data);
  const fresh = yield* placeInitiallySteps(model);
  yield;
  let positions = fresh;
  if (previous) {
    const known = yield* knownPositionsSteps(previous.model.nodes, previous.positions);
    positions = yield* mergePlacementSteps(model, fresh, known);
  }
  yield;
  const radii = yield* computeRadiiSteps(model);
  const labels = yield* labelDataSteps(model);
  return { model, positions, radii, labels };
}

/** The layout worker's copy of the graph (fresh arrays: they are transferred). */
export function toLayoutGraph(model: GraphModel, positions: Float32Array): LayoutGraph {
  const companyOfNode = model.companyOfNode.slice();
  for (const teammate of model.teammates) companyOfNode[teammate] = -1;
  return {
    nodeCount: model.nodes.length,
    positions: positions.slice(),
    linkSources: model.linkSources.slice(),
    linkTargets: model.linkTargets.slice(),
    linkKinds: model.linkKinds.slice(),
    anchor: model.youIndex,
    companyOfNode,
    teammates: model.teammates.slice(),
  };
}
