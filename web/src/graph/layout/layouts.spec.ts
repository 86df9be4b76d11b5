import { describe, expect, it } from 'vitest';
import { buildGraphModel } from '../model/graph-model';
import { buildTestGraph, plainNodes } from '../model/graph.testing';
import { circularLayout, HIERARCHY_NODE_GAP, HIERARCHY_ROW_GAP, hierarchicalLayout } from './fixed-layouts';
import { mergePlacement, placeInitially } from './initial-placement';

const model = buildGraphModel(buildTestGraph({ Acme: 5, Globex: 3, Initech: 1, '': 2 }));
const at = (positions: Float32Array, index: number): [number, number] => [
  positions[index * 2],
  positions[index * 2 + 1],
];

describe('circularLayout', () => {
  it('puts everyone but YOU on a circle of 35% of the smaller window side', () => {
    const positions = circularLayout(model, { width: 1000, height: 600 });
    expect(at(positions, model.anchorIndex)).toEqual([0, 0]);
    for (let i = 1; i < model.nodes.length; i++) expect(Math.hypot(...at(positions, i))).toBeCloseTo(210, 3);
  });

  it('keeps colleagues next to each other on the circle', () => {
    const positions = circularLayout(model, { width: 600, height: 600 });
    const acme = Array.from(model.groups[0].members).map((i) =>
      Math.atan2(at(positions, i)[1], at(positions, i)[0]),
    );
    const step = (Math.PI * 2) / (model.nodes.length - 1);
    const sorted = [...acme].sort((a, b) => a - b);
    for (let k = 1; k < sorted.length; k++) expect(sorted[k] - sorted[k - 1]).toBeCloseTo(step, 5);
  });
});

describe('hierarchicalLayout', () => {
  it('gives each company its own row, largest first, under YOU', () => {
    const positions = hierarchicalLayout(model);
    expect(at(positions, model.anchorIndex)).toEqual([0, 0]);
    model.groups.forEach((company, row) => {
      for (const member of company.members)
        expect(at(positions, member)[1]).toBe((row + 1) * HIERARCHY_ROW_GAP);
    });
  });

  it('centres each row and spaces people evenly', () => {
    const positions = hierarchicalLayout(model);
    const xs = Array.from(model.groups[0].members)
      .map((i) => at(positions, i)[0])
      .sort((a, b) => a - b);
    expect(xs[0]).toBe(-2 * HIERARCHY_NODE_GAP);
    expect(xs[4]).toBe(2 * HIERARCHY_NODE_GAP);
  });

  it('puts people without a company together in a last row', () => {
    const positions = hierarchicalLayout(model);
    const loners = model.nodes
      .map((_, i) => i)
      .filter((i) => i !== model.anchorIndex && model.groupOfNode[i] < 0);
    expect(loners).toHaveLength(2);
    for (const i of loners) expect(at(positions, i)[1]).toBe((model.groups.length + 1) * HIERARCHY_ROW_GAP);
  });
});

describe('placeInitially', () => {
  it('keeps YOU at the origin and everyone else at least one link length away', () => {
    const positions = placeInitially(model);
    expect(at(positions, model.anchorIndex)).toEqual([0, 0]);
    for (let i = 0; i < model.nodes.length; i++) {
      if (i !== model.anchorIndex) expect(Math.hypot(...at(positions, i))).toBeGreaterThan(60);
    }
  });

  it('keeps colleagues closer to each other than to other companies', () => {
    const positions = placeInitially(model);
    const centre = (members: Uint32Array): [number, number] => {
      const sum = Array.from(members).reduce(
        (acc, i) => [acc[0] + at(positions, i)[0], acc[1] + at(positions, i)[1]],
        [0, 0],
      );
      return [sum[0] / members.length, sum[1] / members.length];
    };
    const [acme, globex] = [centre(model.groups[0].members), centre(model.groups[1].members)];
    for (const i of model.groups[0].members) {
      const [x, y] = at(positions, i);
      expect(Math.hypot(x - acme[0], y - acme[1])).toBeLessThan(Math.hypot(x - globex[0], y - globex[1]));
    }
  });

  it('gives no two people the same spot', () => {
    const big = buildGraphModel(buildTestGraph({ Big: 400, Mid: 60, Small: 3 }));
    const positions = placeInitially(big);
    const seen = new Set<string>();
    for (let i = 0; i < big.nodes.length; i++)
      seen.add(
        at(positions, i)
          .map((v) => v.toFixed(1))
          .join(','),
      );
    expect(seen.size).toBe(big.nodes.length);
  });
});

describe('mergePlacement', () => {
  it('keeps known people where they were and puts newcomers next to a known colleague', () => {
    const fresh = placeInitially(model);
    const acme = model.groups[0].members;
    const previous = new Map<string, [number, number]>([[plainNodes(model)[acme[0]].id, [5000, 5000]]]);
    const merged = mergePlacement(model, fresh, previous);
    expect(at(merged, acme[0])).toEqual([5000, 5000]);
    const [x, y] = at(merged, acme[1]);
    expect(Math.hypot(x - 5000, y - 5000)).toBeLessThan(100);
  });
});
