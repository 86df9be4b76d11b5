import { GRAPH } from '../constants';
import type { GraphModel } from '../model/graph-model';
import { SLICE_ITEMS, type Steps } from '../sliced-task';
import type { RenderGraph } from './render-protocol';

/**
 * The render worker's share of a new graph, in fresh arrays it can take ownership of: indices,
 * radii, colours, positions, and the labels: groups with a label (GRAPH.companyLabelThreshold
 * or more nodes, with the count), each node's group among them, and every node's label in one
 * string (posting one string to the render worker costs a copy; 100,000 strings cost a task of
 * their own).
 */
export function* toRenderGraphSteps(
  model: GraphModel,
  positions: Float32Array,
  radii: Float32Array,
  colors: Uint32Array,
): Steps<RenderGraph> {
  const labelled = model.groups.filter((group) => group.members.length >= GRAPH.companyLabelThreshold);
  const groupOfNode = new Int32Array(model.nodes.length).fill(-1);
  labelled.forEach((group, c) => {
    for (const member of group.members) groupOfNode[member] = c;
  });
  yield;
  const names: string[] = new Array<string>(model.nodes.length);
  const read = model.read.node;
  for (let i = 0; i < model.nodes.length; i++) {
    names[i] = read.label(model.nodes[i]).replace(/\n/g, ' ').trim();
    if (i % SLICE_ITEMS === SLICE_ITEMS - 1) yield;
  }
  // Joining 100,000 names is a task of its own.
  yield;
  return {
    nodeCount: model.nodes.length,
    anchorIndex: model.anchorIndex,
    linkSources: model.linkSources.slice(),
    linkTargets: model.linkTargets.slice(),
    linkKinds: model.linkKinds.slice(),
    linkWeights: model.linkWeights.slice(),
    radii: radii.slice(),
    colors: colors.slice(),
    positions: positions.slice(),
    companies: labelled.map((group) => ({
      text: `${group.name} (${group.members.length})`,
      size: group.members.length,
    })),
    groupOfNode,
    names: names.join('\n'),
  };
}
