import { describe, expect, it } from 'vitest';
import { drain, runSliced } from '../sliced-task';
import { NodeIndex } from './node-index';

/** 10,000 nodes (several slices), with an id given twice: the later node wins, as in a Map. */
const ids = Array.from({ length: 10_000 }, (_, k) => (k === 7_000 ? 'p-12' : `p-${k}`));
const nodes = ids.map((id) => ({ id }));
const idOf = (node: unknown) => (node as { id: string }).id;
const asMap = new Map(ids.map((id, index) => [id, index]));

describe('NodeIndex', () => {
  it('answers as a Map built in node order, built in slices', async () => {
    const index = new NodeIndex(nodes, idOf);
    expect(index.isBuilt).toBe(false);
    await new Promise<void>((resolve) => runSliced(index.buildSteps(), resolve, 0));
    expect(index.isBuilt).toBe(true);
    for (const id of ['p-0', 'p-12', 'p-7000', 'p-9999', 'nobody']) expect(index.get(id)).toBe(asMap.get(id));
    expect(index.get('p-12')).toBe(7_000);
    expect(index.has('p-7000')).toBe(false);
  });

  it('finishes at once when asked before its slices are done', () => {
    const index = new NodeIndex(nodes, idOf);
    const steps = index.buildSteps();
    steps.next();
    steps.next();
    expect(index.get('p-9999')).toBe(9_999);
    expect(index.isBuilt).toBe(true);
    // The slices still running end without changing anything.
    drain(steps);
    expect(index.get('p-5')).toBe(5);
  });

  it('finds ids before it is built, as get() answers after, without building itself', () => {
    const index = new NodeIndex(nodes, idOf);
    const wanted = ['p-3', 'p-12', 'nobody', 'p-9998'];
    const found = drain(index.findSteps(wanted));
    expect(index.isBuilt).toBe(false);
    drain(index.buildSteps());
    const after = new Map(wanted.flatMap((id) => (index.has(id) ? [[id, index.get(id) as number]] : [])));
    expect(found).toEqual(after);
    expect(found.get('p-12')).toBe(7_000);
    expect(drain(index.findSteps(wanted))).toEqual(after);
  });
});
