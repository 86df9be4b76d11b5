import { describe, expect, it } from 'vitest';
import { GRAPH } from '../constants';
import {
  buildGraphModel,
  encodeLinkWeight,
  LINK_GROUP,
  LINK_OTHER,
  NO_LINK_WEIGHT,
} from '../model/graph-model';
import { buildTestGraph } from '../model/graph.testing';
import { drain } from '../sliced-task';
import {
  HIGHLIGHT_LINK_WIDTHS,
  LINK_WIDTHS,
  linkStyleTable,
  linkStyleValue,
  linkWidthPx,
} from './link-width';
import { toRenderGraphSteps } from './render-graph';

/** YOU and three people of Acme: a heavy, a light and an unweighted link from YOU, plus Acme's own links. */
function renderedWidths() {
  const input = buildTestGraph({ Acme: 3 });
  // Links 0..2 are YOU's, 3..5 Acme's group links.
  input.links[0] = { ...input.links[0], weight: 1 };
  input.links[1] = { ...input.links[1], weight: 0.1 };
  const model = buildGraphModel(input);
  const count = model.nodes.length;
  const graph = drain(
    toRenderGraphSteps(model, new Float32Array(count * 2), new Float32Array(count), new Uint32Array(count)),
  );
  const widths = Array.from(graph.linkKinds, (kind, k) =>
    linkWidthPx(LINK_WIDTHS, kind, graph.linkWeights[k]),
  );
  const highlighted = Array.from(graph.linkKinds, (kind, k) =>
    linkWidthPx(HIGHLIGHT_LINK_WIDTHS, kind, graph.linkWeights[k]),
  );
  return { graph, widths, highlighted };
}

describe('link widths', () => {
  it('draws a heavy link several pixels wider than a light one, and a link without weight as before', () => {
    const { graph, widths } = renderedWidths();
    expect(graph.linkWeights).toHaveLength(6);
    const [heavy, light, plain] = widths;
    expect(heavy).toBe(GRAPH.weightedLinkWidth.max);
    expect(heavy - light).toBeGreaterThanOrEqual(3);
    expect(plain).toBe(GRAPH.otherLinkWidth);
    // Group links carry no weight here: they keep today's width.
    expect(widths.slice(3)).toEqual(Array(3).fill(GRAPH.companyLinkWidth));
  });

  it('keeps the difference when the links are highlighted, wider than they are otherwise', () => {
    const { widths, highlighted } = renderedWidths();
    expect(highlighted[0] - highlighted[1]).toBeGreaterThanOrEqual(3);
    expect(highlighted[0]).toBeGreaterThan(widths[0]);
    expect(highlighted[2]).toBe(GRAPH.highlightLinkWidth);
  });

  it('grows with the weight, from min at 0 to max at 1', () => {
    const at = (weight: number) => linkWidthPx(LINK_WIDTHS, LINK_OTHER, encodeLinkWeight(weight));
    expect(at(0)).toBe(GRAPH.weightedLinkWidth.min);
    expect(at(0.5)).toBeCloseTo((GRAPH.weightedLinkWidth.min + GRAPH.weightedLinkWidth.max) / 2, 1);
    expect(at(1)).toBe(GRAPH.weightedLinkWidth.max);
  });

  it('hands the shader the width with the kind in its sign, never 0', () => {
    expect(linkStyleValue(LINK_WIDTHS, LINK_GROUP, NO_LINK_WEIGHT)).toBe(GRAPH.companyLinkWidth);
    expect(linkStyleValue(LINK_WIDTHS, LINK_OTHER, NO_LINK_WEIGHT)).toBe(-GRAPH.otherLinkWidth);
    expect(linkStyleValue(LINK_WIDTHS, LINK_GROUP, encodeLinkWeight(1))).toBe(GRAPH.weightedLinkWidth.max);
    const zeroWide = { group: 0, other: 0, weighted: { min: 0, max: 0 } };
    expect(linkStyleValue(zeroWide, LINK_GROUP, NO_LINK_WEIGHT)).toBeGreaterThan(0);
    expect(linkStyleValue(zeroWide, LINK_OTHER, NO_LINK_WEIGHT)).toBeLessThan(0);
  });

  it('looks up the same float per vertex for every kind and weight code as it works out', () => {
    for (const widths of [LINK_WIDTHS, HIGHLIGHT_LINK_WIDTHS]) {
      const table = linkStyleTable(widths);
      for (const kind of [LINK_GROUP, LINK_OTHER])
        for (let code = 0; code < 256; code++)
          expect(table[kind * 256 + code]).toBe(Math.fround(linkStyleValue(widths, kind, code)));
    }
  });
});
