import { describe, expect, it } from 'vitest';
import { buildGraphModel } from '../model/graph-model';
import { buildTestGraph, foldGroup } from '../model/graph.testing';
import { FLAG_NONE, FLAG_RING } from './node-flags';
import {
  computeColors,
  computeFlags,
  computeRadii,
  GRAPH_COLORS,
  linksBetween,
  nodeRadius,
  packRgba,
  selectedGroups,
} from './node-style';

const data = buildTestGraph({ Acme: 2, 'Big Co': 2 });
data.nodes.push({ id: 'hub', label: 'Hub', size: 8, color: 0xec4899, group: 'Acme', rank: 9, role: 'hub' });
const model = buildGraphModel(data, foldGroup);
const at = (id: string) => model.indexById.get(id) as number;

describe('node style', () => {
  it('draws sizes as areas, so a size-16 node has twice the radius of a size-4 node', () => {
    expect(nodeRadius(16) / nodeRadius(4)).toBe(2);
  });

  it('gives each node the radius of its own size', () => {
    const radii = computeRadii(model);
    expect(radii[model.anchorIndex]).toBeCloseTo(Math.sqrt(8) * 4);
    expect(radii[at('Acme-0')]).toBeCloseTo(Math.sqrt(7) * 4);
  });

  it('finds selected groups by key or by name in any case, as the model folds them', () => {
    expect([...selectedGroups(model, ['acme'])]).toEqual([model.groups.findIndex((g) => g.key === 'acme')]);
    expect(selectedGroups(model, ['  BIG  co '])).toEqual(
      new Set([model.groups.findIndex((g) => g.key === 'big co')]),
    );
    expect(selectedGroups(buildGraphModel(data), ['acme']).size).toBe(0);
  });

  it('colours highlighted nodes, then the selected group but not its hub, then each node its own', () => {
    const acme = selectedGroups(model, ['Acme']);
    const colors = computeColors(model, acme, new Set([at('Big Co-1'), at('Acme-1')]));
    expect(colors[at('Big Co-1')]).toBe(packRgba(GRAPH_COLORS.highlight));
    expect(colors[at('Acme-1')]).toBe(packRgba(GRAPH_COLORS.highlight));
    expect(colors[at('Acme-0')]).toBe(packRgba(GRAPH_COLORS.selectedGroup));
    expect(colors[at('hub')]).toBe(packRgba(0xec4899));
    expect(colors[model.anchorIndex]).toBe(packRgba(0x3b82f6));
    expect(colors[at('Big Co-0')]).toBe(packRgba(0x3b82f6));
  });

  it('rings highlighted nodes only', () => {
    expect(Array.from(computeFlags(3, new Set([1]))).map((flag) => flag === FLAG_RING)).toEqual([
      false,
      true,
      false,
    ]);
    expect(computeFlags(2, new Set())[0]).toBe(FLAG_NONE);
  });

  it('finds the links between a node and the anchor', () => {
    const node = at('Acme-1');
    const links = linksBetween(model, node, new Set([model.anchorIndex]));
    expect(links).toHaveLength(1);
    expect([model.linkSources[links[0]], model.linkTargets[links[0]]]).toEqual([model.anchorIndex, node]);
  });

  it('stores red in the lowest byte, as WebGL reads unorm8x4 on little-endian machines', () => {
    expect(packRgba(0xff0000, 1)).toBe(0xff0000ff);
    expect(packRgba(0x0000ff, 0)).toBe(0x00ff0000);
  });
});
