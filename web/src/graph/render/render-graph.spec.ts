import { describe, expect, it } from 'vitest';
import { buildGraphModel } from '../model/graph-model';
import { buildTestNode } from '../model/graph.testing';
import { SLICE_ITEMS } from '../sliced-task';
import { joinedLabelsSteps } from './render-graph';

/** Runs the steps to the end, counting the times they gave the page its turn. */
function run(steps: Generator<void, string, void>): { names: string; yields: number } {
  let yields = 0;
  for (;;) {
    const result = steps.next();
    if (result.done) return { names: result.value, yields };
    yields++;
  }
}

const graphOf = (count: number) =>
  buildGraphModel({
    nodes: Array.from({ length: count }, (_, k) =>
      buildTestNode({ id: `p${k}`, label: k === 1 ? ' Two\nlines ' : `Person ${k}` }),
    ),
    links: [],
  });

describe('the names the render worker labels people with', () => {
  it('hands every name over, one a line, in node order, a line break inside a name made a space', () => {
    const count = 2 * SLICE_ITEMS + 3;
    const { names, yields } = run(joinedLabelsSteps(graphOf(count)));
    const lines = names.split('\n');
    expect(lines).toHaveLength(count);
    expect(lines[0]).toBe('Person 0');
    expect(lines[1]).toBe('Two lines');
    expect(lines[count - 1]).toBe(`Person ${count - 1}`);
    // The names are joined a slice at a time, the page getting its turn between slices.
    expect(yields).toBe(2);
  });

  it('adds no empty name when the people fill their last slice exactly, and none for an empty graph', () => {
    expect(run(joinedLabelsSteps(graphOf(SLICE_ITEMS))).names.split('\n')).toHaveLength(SLICE_ITEMS);
    expect(run(joinedLabelsSteps(graphOf(0))).names).toBe('');
    expect(run(joinedLabelsSteps(graphOf(1))).names).toBe('Person 0');
  });
});
