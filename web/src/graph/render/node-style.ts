import { GRAPH } from '../constants';
import type { GraphModel } from '../model/graph-model';
import { drain, SLICE_ITEMS, type Steps } from '../sliced-task';
import { FLAG_NONE, FLAG_RING } from './node-flags';

/**
 * The engine's own colours (0xRRGGBB, for a dark background); a node's colour is the app's
 * (GraphNode.color). An app's legend can name these for the states the engine draws.
 */
export const GRAPH_COLORS = {
  background: 0x0b1120,
  /** Highlighted nodes and links, rings and particles. */
  highlight: 0xfde047,
  /** The anchor's pulse and the label pill under it. */
  anchor: 0xf59e0b,
  /** Members of a selected group (not the anchor or hubs). */
  selectedGroup: 0x22c55e,
} as const;

/** Sizes are areas, as in force-graph: the radius grows with the square root. World units. */
export function nodeRadius(size: number): number {
  return Math.sqrt(size) * GRAPH.nodeRelSize;
}

/** Packs 0xRRGGBB and an alpha 0..1 into the little-endian RGBA bytes the shaders read. */
export function packRgba(color: number, alpha = 1): number {
  const r = (color >> 16) & 0xff;
  const g = (color >> 8) & 0xff;
  const b = color & 0xff;
  const a = Math.round(alpha * 255);
  return ((a << 24) | (b << 16) | (g << 8) | r) >>> 0;
}

/** World-unit radius of every node, by index. */
export function computeRadii(model: GraphModel): Float32Array {
  return drain(computeRadiiSteps(model));
}

export function* computeRadiiSteps(model: GraphModel): Steps<Float32Array> {
  const radii = new Float32Array(model.nodes.length);
  for (let i = 0; i < model.nodes.length; i++) {
    radii[i] = nodeRadius(model.read.node.size(model.nodes[i]));
    if (i % SLICE_ITEMS === SLICE_ITEMS - 1) yield;
  }
  return radii;
}

/** Group indices for the keys the app selected (folded as the model folds group names). */
export function selectedGroups(model: GraphModel, keys: Iterable<string>): Set<number> {
  const wanted = new Set([...keys].map(model.groupKey));
  const selected = new Set<number>();
  model.groups.forEach((group, index) => {
    if (wanted.has(group.key)) selected.add(index);
  });
  return selected;
}

/**
 * Packed RGBA per node, the most specific first: highlighted nodes in the highlight colour; the
 * anchor and hubs in their own; members of a selected group in the selected-group colour; else
 * their own.
 */
export function computeColors(
  model: GraphModel,
  groups: ReadonlySet<number>,
  highlighted: ReadonlySet<number>,
): Uint32Array {
  return drain(computeColorsSteps(model, groups, highlighted));
}

/** computeColors as slices for runSliced (a new graph's colours at 30,000 nodes). */
export function* computeColorsSteps(
  model: GraphModel,
  groups: ReadonlySet<number>,
  highlighted: ReadonlySet<number>,
): Steps<Uint32Array> {
  const colors = new Uint32Array(model.nodes.length);
  const highlight = packRgba(GRAPH_COLORS.highlight);
  const selected = packRgba(GRAPH_COLORS.selectedGroup);
  // A few distinct colours among 100,000 nodes: each packed once.
  const packed = new Map<number, number>();
  const read = model.read.node;
  for (let i = 0; i < model.nodes.length; i++) {
    const node = model.nodes[i];
    if (highlighted.has(i)) colors[i] = highlight;
    else if (groups.has(model.groupOfNode[i]) && !read.role(node)) colors[i] = selected;
    else {
      const own = read.color(node);
      let color = packed.get(own);
      if (color === undefined) packed.set(own, (color = packRgba(own)));
      colors[i] = color;
    }
    if (i % SLICE_ITEMS === SLICE_ITEMS - 1) yield;
  }
  return colors;
}

/** A new graph's radii and colours in one pass, as slices (the colours as computeColors gives them). */
export function* styleNodesSteps(
  model: GraphModel,
  groups: ReadonlySet<number>,
  highlighted: ReadonlySet<number>,
): Steps<{ radii: Float32Array; colors: Uint32Array }> {
  const radii = yield* computeRadiiSteps(model);
  const colors = yield* computeColorsSteps(model, groups, highlighted);
  return { radii, colors };
}

export function computeFlags(count: number, highlighted: ReadonlySet<number>): Uint8Array {
  const flags = new Uint8Array(count).fill(FLAG_NONE);
  for (const node of highlighted) if (node < count) flags[node] = FLAG_RING;
  return flags;
}

/** Links between `node` and any of `others` (a fly-by shows how the anchor reaches the node). */
export function linksBetween(model: GraphModel, node: number, others: ReadonlySet<number>): number[] {
  const links: number[] = [];
  for (let k = 0; k < model.linkSources.length; k++) {
    const [a, b] = [model.linkSources[k], model.linkTargets[k]];
    if ((a === node && others.has(b)) || (b === node && others.has(a))) links.push(k);
  }
  return links;
}
