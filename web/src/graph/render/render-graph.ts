import { GRAPH } from '../constants';
import type { GraphModel } from '../model/graph-model';
import type { RenderGraph } from './render-protocol';

/** The render worker's share of a model, in fresh arrays it can take ownership of. */
export function toRenderGraph(
  model: GraphModel,
  radii: Float32Array,
  colors: Uint32Array,
  positions: Float32Array,
): RenderGraph {
  return {
    nodeCount: model.nodes.length,
    youIndex: model.youIndex,
    linkSources: model.linkSources.slice(),
    linkTargets: model.linkTargets.slice(),
    linkKinds: model.linkKinds.slice(),
    radii: radii.slice(),
    colors: colors.slice(),
    positions: positions.slice(),
    labels: model.companies
      .filter((company) => company.members.length >= GRAPH.companyLabelThreshold)
      .map((company) => ({ text: `${company.name} (${company.members.length})`, node: company.members[0] })),
  };
}
