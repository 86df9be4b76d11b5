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
  const names = yield* joinedLabelsSteps(model);
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
    names,
  };
}

/**
 * Every node's label, one a line, joined a slice at a time: joining 100,000 names at once was a
 * task of 50-60 ms of its own (docs/performance.md#the-workspace-screens-long-tasks).
 */
export function* joinedLabelsSteps(model: GraphModel): Steps<string> {
  const read = model.read.node;
  const parts: string[] = [];
  let part: string[] = [];
  for (let i = 0; i < model.nodes.length; i++) {
    const label = read.label(model.nodes[i]);
    // The regular expression only for the rare label with a line break in it.
    part.push((label.includes('\n') ? label.replace(/\n/g, ' ') : label).trim());
    if (part.length === SLICE_ITEMS) {
      parts.push(part.join('\n'));
      part = [];
      yield;
    }
  }
  if (part.length > 0 || parts.length === 0) parts.push(part.join('\n'));
  return parts.join('\n');
}
