import { GRAPH } from '../constants';
import type { GraphModel } from '../model/graph-model';
import { SLICE_ITEMS, type Steps } from '../sliced-task';
import type { RenderGraph } from './render-protocol';

/** What the label layer needs of a model, computed in slices before the graph is adopted. */
export type LabelData = Pick<RenderGraph, 'companies' | 'companyOfNode' | 'names'>;

/**
 * Companies with a label (docs/product.md#graph-and-table: 8 or more people, with the count), each person's
 * company among them, and every name in one string (posting one string to the render worker
 * costs a copy; 100,000 strings cost a task of their own).
 */
export function* labelDataSteps(model: GraphModel): Steps<LabelData> {
  const labelled = model.companies.filter((company) => company.members.length >= GRAPH.companyLabelThreshold);
  const companyOfNode = new Int32Array(model.nodes.length).fill(-1);
  labelled.forEach((company, c) => {
    for (const member of company.members) companyOfNode[member] = c;
  });
  yield;
  const names: string[] = new Array<string>(model.nodes.length);
  for (let i = 0; i < model.nodes.length; i++) {
    const node = model.nodes[i];
    names[i] = `${node.firstName} ${node.lastName}`.replace(/\n/g, ' ').trim();
    if (i % SLICE_ITEMS === SLICE_ITEMS - 1) yield;
  }
  // Joining 100,000 names is a task of its own.
  yield;
  return {
    companies: labelled.map((company) => ({
      text: `${company.name} (${company.members.length})`,
      size: company.members.length,
    })),
    companyOfNode,
    names: names.join('\n'),
  };
}

/** The render worker's share of a model, in fresh arrays it can take ownership of. */
export function toRenderGraph(
  model: GraphModel,
  radii: Float32Array,
  colors: Uint32Array,
  positions: Float32Array,
  labels: LabelData,
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
    ...labels,
    companyOfNode: labels.companyOfNode.slice(),
  };
}
