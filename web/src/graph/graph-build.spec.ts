import { describe, expect, it } from 'vitest';
import { buildGraphSteps, type BuiltGraph } from './graph-build';
import { HighlightState } from './highlight-state';
import { placeInitially } from './layout/initial-placement';
import { PLAIN_ATTRIBUTES, type GraphData } from './model/graph-input';
import { buildGraphModel, opaque, type GraphModel } from './model/graph-model';
import { buildTestGraph, foldGroup, plainNodes } from './model/graph.testing';
import { computeRadii } from './render/node-style';
import { drain, runSliced, SLICE_ITEMS } from './sliced-task';

/** 4,000 people in 400 companies: every loop of a rebuild spans several slices. */
function companies(count: number, size: number, prefix: string): Record<string, number> {
  return Object.fromEntries(Array.from({ length: count }, (_, k) => [`${prefix} ${k}`, size]));
}
const before = buildTestGraph(companies(400, 10, 'Co'));
// A filter change: a third of the people gone, 1,000 newcomers in known and in new companies.
const after: GraphData = (() => {
  const extra = buildTestGraph({ ...companies(50, 10, 'Co'), ...companies(50, 10, 'New') });
  const kept = before.nodes.filter((_, k) => k % 3 !== 1);
  const fresh = extra.nodes.filter((n) => n.role !== 'anchor').map((n) => ({ ...n, id: `n-${n.id}` }));
  return { nodes: [...kept, ...fresh], links: before.links };
})();

/** The build as the engine runs it. */
const build = (data: GraphData, previous: { model: GraphModel; positions: Float32Array } | null) =>
  buildGraphSteps(data, opaque(PLAIN_ATTRIBUTES), foldGroup, previous, new HighlightState());

/** The rebuild as it was before it was sliced: one pass over everyone, in one task. */
function unslicedRebuild(
  data: GraphData,
  previous: { model: GraphModel; positions: Float32Array },
): Pick<BuiltGraph, 'model' | 'positions' | 'radii'> {
  const model = buildGraphModel(data, foldGroup);
  const fresh = placeInitially(model);
  const known = new Map<string, readonly [number, number]>();
  plainNodes(previous.model).forEach((node, i) =>
    known.set(node.id, [previous.positions[i * 2], previous.positions[i * 2 + 1]]),
  );
  const positions = fresh.slice();
  plainNodes(model).forEach((node, index) => {
    const at = known.get(node.id);
    if (at) [positions[index * 2], positions[index * 2 + 1]] = at;
  });
  const step = 12 / 1.7;
  const golden = Math.PI * (3 - Math.sqrt(5));
  model.groups.forEach((company) => {
    const anchor = Array.from(company.members).find((member) => known.has(plainNodes(model)[member].id));
    if (anchor === undefined) return;
    company.members.forEach((member, k) => {
      if (known.has(plainNodes(model)[member].id)) return;
      positions[member * 2] = positions[anchor * 2] + step * Math.cos(k * golden) * Math.sqrt(k + 1);
      positions[member * 2 + 1] = positions[anchor * 2 + 1] + step * Math.sin(k * golden) * Math.sqrt(k + 1);
    });
  });
  return { model, positions, radii: computeRadii(model) };
}

function previousGraph(): { model: GraphModel; positions: Float32Array } {
  const { model, positions } = drain(build(before, null));
  // People who moved while the layout ran: the rebuild must keep these places, not fresh ones.
  return { model, positions: positions.map((value, k) => value + (k % 7) * 3.5) };
}

describe('buildGraphSteps (a rebuild for new filters, in slices)', () => {
  it('gives the same places and sizes as the unsliced rebuild, over many turns', async () => {
    const previous = previousGraph();
    let turns = 0;
    function* counted(): Generator<void, BuiltGraph, void> {
      const steps = build(after, previous);
      for (;;) {
        const result = steps.next();
        if (result.done) return result.value;
        turns++;
        yield;
      }
    }
    const built = await new Promise<BuiltGraph>((resolve) => runSliced(counted(), resolve, 0));
    const expected = unslicedRebuild(after, previous);
    expect(turns).toBeGreaterThan((after.nodes.length * 3) / SLICE_ITEMS);
    expect(plainNodes(built.model).map((node) => node.id)).toEqual(
      plainNodes(expected.model).map((node) => node.id),
    );
    expect(Array.from(built.positions)).toEqual(Array.from(expected.positions));
    expect(Array.from(built.radii)).toEqual(Array.from(expected.radii));
    // Kept people stay put; newcomers next to a known colleague did move off their fresh place.
    const keptIndex = built.model.indexById.get('Co 5-0') as number;
    const wasIndex = previous.model.indexById.get('Co 5-0') as number;
    expect(built.positions[keptIndex * 2]).toBe(previous.positions[wasIndex * 2]);
  });

  it('abandons a rebuild when new people arrive mid-slice and applies only the newest', async () => {
    const previous = previousGraph();
    const applied: BuiltGraph[] = [];
    const newest: GraphData = { nodes: after.nodes.slice(0, 2000), links: [] };
    let slices = 0;
    let cancelOld = (): void => undefined;
    const built = await new Promise<BuiltGraph>((resolve) => {
      function* old(): Generator<void, BuiltGraph, void> {
        const steps = build(after, previous);
        for (;;) {
          const result = steps.next();
          if (result.done) return result.value;
          // New people arrive in the middle of the rebuild, as the engine's setGraph does it.
          if (++slices === 5) {
            cancelOld();
            runSliced(build(newest, previous), resolve, 0);
          }
          yield;
        }
      }
      cancelOld = runSliced(old(), (value) => applied.push(value), 0);
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(applied).toEqual([]);
    expect(built.model.nodes).toHaveLength(2000);
    expect(Array.from(built.positions)).toEqual(Array.from(unslicedRebuild(newest, previous).positions));
  });
});
