import { mergePlacement, placeInitiallySteps } from './layout/initial-placement';
import type { LayoutGraph } from './layout/layout-protocol';
import { buildGraphModelSteps, type GraphModel } from './model/graph-model';
import { computeRadii } from './render/node-styling';
import type { Steps } from './sliced-task';
import type { GraphData } from './types';

export interface BuiltGraph {
  model: GraphModel;
  positions: Float32Array;
  radii: Float32Array;
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
  const positions = previous ? mergePlacement(model, fresh, knownPositions(previous)) : fresh;
  yield;
  return { model, positions, radii: computeRadii(model) };
}

/** The layout worker's copy of the graph (fresh arrays: they are transferred). */
export function toLayoutGraph(model: GraphModel, positions: Float32Array): LayoutGraph {
  return {
    nodeCount: model.nodes.length,
    positions: positions.slice(),
    linkSources: model.linkSources.slice(),
    linkTargets: model.linkTargets.slice(),
    linkKinds: model.linkKinds.slice(),
    anchor: model.youIndex,
  };
}

function knownPositions({ model, positions }: PreviousGraph): Map<string, readonly [number, number]> {
  const known = new Map<string, readonly [number, number]>();
  model.nodes.forEach((node, i) => known.set(node.id, [positions[i * 2], positions[i * 2 + 1]]));
  return known;
}
