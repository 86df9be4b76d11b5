import { describe, expect, it } from 'vitest';
import { HighlightState, linkIndexSteps, type PreparedHighlight } from './highlight-state';
import { buildGraphModel, type GraphModel } from './model/graph-model';
import { buildTestGraph, foldGroup, plainNodes } from './model/graph.testing';
import { FLAG_RING } from './render/node-flags';
import { computeColors, GRAPH_COLORS, packRgba } from './render/node-style';
import { drain, runSliced } from './sliced-task';

/** 3,000 people and 16,000 links: the colour pass and the link index span several slices. */
const model = buildGraphModel(
  buildTestGraph(Object.fromEntries(Array.from({ length: 300 }, (_, k) => [`Co ${k}`, 10]))),
  foldGroup,
);
const path = { nodeIds: ['you', 'Co 7-0', 'Co 7-4'], linkIds: ['you-Co 7-0', 'Co 7-0-Co 7-4'] };

/** What the page shows: colour and ring of every person, and the highlighted links' ids. */
function shown(state: HighlightState, on: GraphModel) {
  return {
    colors: Array.from(state.colors),
    rings: Array.from(state.flags()).flatMap((flag, node) => (flag === FLAG_RING ? [node] : [])),
    links: state.links.map((link) => on.linkId(on.inputLinkOf[link])),
  };
}

/** The highlight resolved in slices, with the colours the graph build gives it. */
function prepareSliced(state: HighlightState, on: GraphModel): Promise<PreparedHighlight> {
  return new Promise((resolve) =>
    runSliced(
      state.prepareSteps(on),
      (resolved) => resolve({ ...resolved, colors: computeColors(on, resolved.groups, resolved.nodes) }),
      0,
    ),
  );
}

describe('HighlightState for a new graph, in slices', () => {
  it('shows the same colours, rings and path links as resolving it in one go', async () => {
    const sliced = new HighlightState();
    sliced.setAppHighlight(path);
    sliced.setSelectedGroups(['co 3']);
    sliced.adopt(await prepareSliced(sliced, model));

    const whole = new HighlightState();
    whole.setAppHighlight(path);
    whole.setSelectedGroups(['co 3']);
    whole.setModel(model);
    whole.setLinkIndex(model, drain(linkIndexSteps(model)));

    const result = shown(sliced, model);
    expect(result).toEqual(shown(whole, model));
    expect(result.links).toEqual(path.linkIds);
    expect(result.rings).toHaveLength(3);
    expect(result.colors[model.indexById.get('Co 7-4') as number]).toBe(packRgba(GRAPH_COLORS.highlight));
    expect(result.colors[model.indexById.get('Co 3-1') as number]).toBe(packRgba(GRAPH_COLORS.selectedGroup));
    expect(sliced.pendingLinkIndex).toBeNull();
    // What end-to-end specs read (isHighlighted): exactly the ringed people.
    const ringed = model.nodes.flatMap((_, node) => (sliced.isHighlighted(node) ? [node] : []));
    expect(ringed).toEqual(result.rings);
  });

  it('abandons prepared work when the highlight changes before the graph is adopted', async () => {
    const state = new HighlightState();
    state.setModel(model);
    const steps = state.prepareSteps(model);
    let result = steps.next();
    while (!result.done) result = steps.next();
    state.setSelectedGroups(['co 9']);
    // Stale: adopt resolves the new selection instead of the prepared one.
    state.adopt({ ...result.value, colors: computeColors(model, result.value.groups, result.value.nodes) });
    const colors = shown(state, model).colors;
    expect(colors[model.indexById.get('Co 9-2') as number]).toBe(packRgba(GRAPH_COLORS.selectedGroup));
  });

  it('leaves path links out until the link index for the current graph arrives', () => {
    const state = new HighlightState();
    state.setModel(model);
    state.setAppHighlight(path);
    expect(shown(state, model).links).toEqual([]);
    expect(shown(state, model).rings).toHaveLength(3);
    expect(state.pendingLinkIndex).toBe(model);

    const other = buildGraphModel(buildTestGraph({ 'Co 7': 5 }));
    state.setLinkIndex(other, drain(linkIndexSteps(other)));
    expect(shown(state, model).links).toEqual([]);

    state.setLinkIndex(model, drain(linkIndexSteps(model)));
    expect(shown(state, model).links).toEqual(path.linkIds);
    expect(state.pendingLinkIndex).toBeNull();
  });
});

describe('HighlightState before the node index is built', () => {
  it('gives the same highlights as once the index is built, and does not build it', async () => {
    // A fresh model with its links' ends given (as the network's columns give them): its node
    // index is built after the first frame (NodeIndex).
    const fresh = () => {
      const input = buildTestGraph(
        Object.fromEntries(Array.from({ length: 300 }, (_, k) => [`Co ${k}`, 10])),
      );
      const indexOf = new Map(input.nodes.map((node, index) => [node.id, index]));
      const linkEnds = {
        sources: Int32Array.from(input.links, (link) => indexOf.get(link.source) ?? -1),
        targets: Int32Array.from(input.links, (link) => indexOf.get(link.target) ?? -1),
      };
      return buildGraphModel({ ...input, linkEnds }, foldGroup);
    };
    const early = fresh();
    const state = new HighlightState();
    state.setAppHighlight(path);
    state.setMemberHighlight(['Co 9-1', 'nobody']);
    state.adopt(await prepareSliced(state, early));
    state.setLinkIndex(early, drain(linkIndexSteps(early)));
    expect(early.indexById.isBuilt).toBe(false);

    const late = fresh();
    drain(late.indexById.buildSteps());
    const built = new HighlightState();
    built.setAppHighlight(path);
    built.setMemberHighlight(['Co 9-1', 'nobody']);
    built.setModel(late);
    built.setLinkIndex(late, drain(linkIndexSteps(late)));

    expect(shown(state, early)).toEqual(shown(built, late));
    const rings = shown(state, early).rings.map((node) => plainNodes(early)[node].id);
    expect(rings.sort()).toEqual(['Co 7-0', 'Co 7-4', 'Co 9-1', 'you']);
    // A change while the index is still unbuilt resolves the same way.
    state.setMemberHighlight(['Co 9-2']);
    built.setMemberHighlight(['Co 9-2']);
    expect(shown(state, early)).toEqual(shown(built, late));
    expect(early.indexById.isBuilt).toBe(false);
  });
});

describe('HighlightState with a collaborator highlighted', () => {
  it('rings the member’s people beside the path, and clearing one keeps the other', () => {
    const state = new HighlightState();
    state.setModel(model);
    state.setAppHighlight({ nodeIds: ['Co 7-0'], linkIds: [] });
    state.setMemberHighlight(['Co 9-1', 'Co 9-2']);
    const ids = () => shown(state, model).rings.map((node) => plainNodes(model)[node].id);
    expect(ids().sort()).toEqual(['Co 7-0', 'Co 9-1', 'Co 9-2']);
    state.setAppHighlight({ nodeIds: [], linkIds: [] });
    expect(ids().sort()).toEqual(['Co 9-1', 'Co 9-2']);
    state.setMemberHighlight([]);
    expect(ids()).toEqual([]);
  });
});
