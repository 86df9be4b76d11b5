import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildGraphModel } from '../model/graph-model';
import { buildTestGraph } from '../model/graph.testing';
import { TourRunner, type TourHost } from './tour-runner';
import type { TourCaptions } from '../model/graph-input';
import { flyByStops, guidedTourSteps, NEUTRAL_CAPTIONS, stepTarget } from './tour-steps';

const sizes = { A: 12, B: 11, C: 10, D: 9, E: 8, F: 7, G: 6, H: 5, I: 4 };
const model = buildGraphModel(buildTestGraph(sizes));

const captions: TourCaptions = {
  anchor: 'You are at the center of your network',
  group: (name, size) => `${name}: ${size} connections`,
  node: (node) => node.label,
};

function recordingHost(positions: Float32Array) {
  const calls: string[] = [];
  const host: TourHost = {
    positions: () => positions,
    moveCamera: (x, y, zoom, ms) => calls.push(`move ${x.toFixed(0)},${y.toFixed(0)} z${zoom} ${ms}ms`),
    caption: (text) => calls.push(`caption ${text}`),
    select: (nodes) => calls.push(`select ${nodes.join(',')}`),
  };
  return { host, calls };
}

describe('guidedTourSteps', () => {
  it('starts at the anchor and visits the 8 largest groups with the captions given', () => {
    const steps = guidedTourSteps(model, captions);
    expect(steps.map((s) => [s.caption, s.zoom])).toEqual([
      ['You are at the center of your network', 3.5],
      ...['A: 12', 'B: 11', 'C: 10', 'D: 9', 'E: 8', 'F: 7', 'G: 6', 'H: 5'].map((c) => [
        `${c} connections`,
        2.5,
      ]),
    ]);
  });

  it('targets the centre of the positioned members only', () => {
    const positions = new Float32Array([0, 0, 10, 10, Number.NaN, Number.NaN, 30, 10]);
    expect(stepTarget({ caption: '', members: [1, 2, 3], zoom: 1 }, positions)).toEqual([20, 10]);
    expect(stepTarget({ caption: '', members: [2], zoom: 1 }, positions)).toBeNull();
  });
});

describe('TourRunner', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs the guided tour 3 s per step and returns to the centre at zoom 1 over 1 s', () => {
    const positions = new Float32Array(model.nodes.length * 2).fill(10);
    positions.set([0, 0], model.anchorIndex * 2);
    const { host, calls } = recordingHost(positions);
    const runner = new TourRunner(host);
    runner.startGuided(guidedTourSteps(model, captions));
    expect(calls).toEqual(['move 0,0 z3.5 1000ms', 'caption You are at the center of your network']);
    vi.advanceTimersByTime(2999);
    expect(calls).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(calls.slice(2)).toEqual(['move 10,10 z2.5 1000ms', 'caption A: 12 connections']);
    vi.advanceTimersByTime(3000 * 8);
    expect(calls.slice(-2)).toEqual(['move 0,0 z1 1000ms', 'caption null']);
    expect(runner.isRunning).toBe(false);
  });

  it('skips steps whose people have no position', () => {
    const positions = new Float32Array(model.nodes.length * 2).fill(Number.NaN);
    const { host, calls } = recordingHost(positions);
    new TourRunner(host).startGuided(guidedTourSteps(model, captions));
    expect(calls).toEqual(['move 0,0 z1 1000ms', 'caption null']);
  });

  it('cancels the pending step when a new tour starts', () => {
    const positions = new Float32Array(model.nodes.length * 2).fill(0);
    const { host, calls } = recordingHost(positions);
    const runner = new TourRunner(host);
    runner.startGuided(guidedTourSteps(model, captions));
    vi.advanceTimersByTime(1500);
    runner.startGuided(guidedTourSteps(model, captions));
    vi.advanceTimersByTime(2000);
    expect(calls.filter((c) => c.startsWith('caption A'))).toHaveLength(0);
    vi.advanceTimersByTime(1000);
    expect(calls.filter((c) => c.startsWith('caption A'))).toHaveLength(1);
  });

  it('flies by people with a caption, and Stop clears the timer, selection and caption', () => {
    const positions = new Float32Array(model.nodes.length * 2).fill(5);
    const { host, calls } = recordingHost(positions);
    const runner = new TourRunner(host);
    runner.startFlyBy([
      { node: 3, caption: 'first' },
      { node: 4, caption: 'second' },
    ]);
    expect(calls).toEqual(['move 5,5 z3 1000ms', 'select 3', 'caption first']);
    vi.advanceTimersByTime(4000);
    expect(calls.slice(-2)).toEqual(['select 4', 'caption second']);
    runner.stop();
    expect(calls.slice(-2)).toEqual(['select ', 'caption null']);
    vi.advanceTimersByTime(10000);
    expect(calls.slice(-1)).toEqual(['caption null']);
    expect(runner.isRunning).toBe(false);
  });
});

describe('fly-by stops', () => {
  it('visits featured nodes but the anchor, then the highest-ranked node of each large group', () => {
    const input = buildTestGraph({ A: 3, B: 2 });
    input.nodes[5] = { ...input.nodes[5], isFeatured: true };
    input.nodes[0] = { ...input.nodes[0], isFeatured: true };
    const stops = flyByStops(buildGraphModel(input), 4);
    expect(stops).toEqual([5, 1, 4]);
  });

  it('has neutral captions of its own', () => {
    expect(
      guidedTourSteps(model, NEUTRAL_CAPTIONS)
        .map((step) => step.caption)
        .slice(0, 2),
    ).toEqual(['The centre of the graph', 'A: 12']);
  });
});
