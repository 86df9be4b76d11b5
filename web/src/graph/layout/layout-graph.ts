import type { GraphModel } from '../model/graph-model';
import type { LayoutGraph } from './layout-protocol';

/** The layout worker's copy of the graph (fresh arrays: they are transferred). */
export function toLayoutGraph(model: GraphModel, positions: Float32Array): LayoutGraph {
  const groupOfNode = model.groupOfNode.slice();
  for (const hub of model.hubs) groupOfNode[hub] = -1;
  return {
    nodeCount: model.nodes.length,
    positions: positions.slice(),
    linkSources: model.linkSources.slice(),
    linkTargets: model.linkTargets.slice(),
    linkKinds: model.linkKinds.slice(),
    anchor: model.anchorIndex,
    groupOfNode,
    hubs: model.hubs.slice(),
  };
}
