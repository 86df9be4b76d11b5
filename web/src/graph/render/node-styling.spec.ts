import { describe, expect, it } from 'vitest';
import { buildGraphModel } from '../model/graph-model';
import { buildTestGraph } from '../model/test-graph';
import { FLAG_NONE, FLAG_RING } from './node-flags';
import { HIGHLIGHT_COLOR, NODE_COLORS, packRgba } from './node-style';
import { computeColors, computeFlags, computeRadii, linksBetween, selectedCompanies } from './node-styling';

const model = buildGraphModel(buildTestGraph({ Acme: 2, 'Big Co': 2 }));

describe('node styling', () => {
  it('finds selected companies by key or by name in any case', () => {
    expect([...selectedCompanies(model, ['acme'])]).toEqual([
      model.companies.findIndex((c) => c.key === 'acme'),
    ]);
    expect(selectedCompanies(model, ['  BIG  co '])).toEqual(
      new Set([model.companies.findIndex((c) => c.key === 'big co')]),
    );
  });

  it('colours the selected company, the highlighted people and YOU', () => {
    const acme = selectedCompanies(model, ['Acme']);
    const highlighted = model.indexById.get('Big Co-1') as number;
    const colors = computeColors(model, acme, new Set([highlighted]));
    expect(colors[model.youIndex]).toBe(packRgba(NODE_COLORS.you));
    expect(colors[model.indexById.get('Acme-0') as number]).toBe(packRgba(NODE_COLORS.selectedCompany));
    expect(colors[highlighted]).toBe(packRgba(HIGHLIGHT_COLOR));
    expect(colors[model.indexById.get('Big Co-0') as number]).toBe(packRgba(NODE_COLORS.first));
  });

  it('rings highlighted people only', () => {
    expect(Array.from(computeFlags(3, new Set([1]))).map((flag) => flag === FLAG_RING)).toEqual([
      false,
      true,
      false,
    ]);
    expect(computeFlags(2, new Set())[0]).toBe(FLAG_NONE);
  });

  it('sizes YOU at 8 and others by seniority', () => {
    const radii = computeRadii(model);
    expect(radii[model.youIndex]).toBeCloseTo(Math.sqrt(8) * 4);
    expect(radii[model.indexById.get('Acme-0') as number]).toBeGreaterThan(
      radii[model.indexById.get('Acme-1') as number],
    );
  });

  it('finds the links between a person and YOU', () => {
    const person = model.indexById.get('Acme-1') as number;
    const links = linksBetween(model, person, new Set([model.youIndex]));
    expect(links).toHaveLength(1);
    expect([model.linkSources[links[0]], model.linkTargets[links[0]]]).toEqual([model.youIndex, person]);
  });
});
