import type { GraphModel } from '../model/graph-model';
import { companyKey } from '../model/graph-model';
import { drain, SLICE_ITEMS, type Steps } from '../sliced-task';
import { FLAG_NONE, FLAG_RING } from './node-flags';
import { HIGHLIGHT_COLOR, NODE_COLORS, nodeCategory, nodeRadius, nodeSize, packRgba } from './node-style';

/** World-unit radius of every node, by index. */
export function computeRadii(model: GraphModel): Float32Array {
  return drain(computeRadiiSteps(model));
}

export function* computeRadiiSteps(model: GraphModel): Steps<Float32Array> {
  const radii = new Float32Array(model.nodes.length);
  for (let i = 0; i < model.nodes.length; i++) {
    radii[i] = nodeRadius(nodeSize(model.nodes[i]));
    if (i % SLICE_ITEMS === SLICE_ITEMS - 1) yield;
  }
  return radii;
}

/** Company indices for the keys the app selected (keys or plain names, any case). */
export function selectedCompanies(model: GraphModel, keys: Iterable<string>): Set<number> {
  const wanted = new Set([...keys].map(companyKey));
  const selected = new Set<number>();
  model.companies.forEach((company, index) => {
    if (wanted.has(company.key)) selected.add(index);
  });
  return selected;
}

/** Packed RGBA per node: highlighted people in the highlight colour, else their category's. */
export function computeColors(
  model: GraphModel,
  companies: ReadonlySet<number>,
  highlighted: ReadonlySet<number>,
): Uint32Array {
  return drain(computeColorsSteps(model, companies, highlighted));
}

/** computeColors as slices for runSliced (a new graph's colours at 30,000 people). */
export function* computeColorsSteps(
  model: GraphModel,
  companies: ReadonlySet<number>,
  highlighted: ReadonlySet<number>,
): Steps<Uint32Array> {
  const colors = new Uint32Array(model.nodes.length);
  const palette = Object.fromEntries(
    Object.entries(NODE_COLORS).map(([key, color]) => [key, packRgba(color)]),
  ) as Record<keyof typeof NODE_COLORS, number>;
  const highlight = packRgba(HIGHLIGHT_COLOR);
  for (let i = 0; i < model.nodes.length; i++) {
    colors[i] = highlighted.has(i)
      ? highlight
      : palette[nodeCategory(model.nodes[i], companies.has(model.companyOfNode[i]))];
    if (i % SLICE_ITEMS === SLICE_ITEMS - 1) yield;
  }
  return colors;
}

export function computeFlags(count: number, highlighted: ReadonlySet<number>): Uint8Array {
  const flags = new Uint8Array(count).fill(FLAG_NONE);
  for (const node of highlighted) if (node < count) flags[node] = FLAG_RING;
  return flags;
}

/** Links between `node` and any of `others` (a fly-by shows how you reach the person). */
export function linksBetween(model: GraphModel, node: number, others: ReadonlySet<number>): number[] {
  const links: number[] = [];
  for (let k = 0; k < model.linkSources.length; k++) {
    const [a, b] = [model.linkSources[k], model.linkTargets[k]];
    if ((a === node && others.has(b)) || (b === node && others.has(a))) links.push(k);
  }
  return links;
}
