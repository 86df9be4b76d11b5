import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EngineSignals } from '../engine-parts';
import { EventHub } from '../event-hub';
import { buildGraphModel } from '../model/graph-model';
import { buildTestGraph } from '../model/graph.testing';
import { FORCE_PARAMS, LayoutDirector } from './layout-director';

const model = buildGraphModel(buildTestGraph({ Acme: 4, Globex: 2 }));

function setUp() {
  const calls: string[] = [];
  const supervisor = {
    reheat: vi.fn((params, heat) =>
      calls.push(
        `reheat ${heat} ${params?.companyLinkLength}/${params?.otherLinkLength} charge ${params?.charge}`,
      ),
    ),
    pinAll: vi.fn(() => calls.push('pin')),
    release: vi.fn((params) => calls.push(`release ${params.companyLinkLength}/${params.otherLinkLength}`)),
  };
  const signals = new EventHub<EngineSignals>();
  const placed: Float32Array[] = [];
  signals.on('placed', (positions) => placed.push(positions));
  signals.on('fit', ({ ms, padding, when }) => calls.push(`fit ${ms} ${padding} ${when}`));
  signals.on('fly', ({ x, y, zoom, ms }) => calls.push(`fly ${x},${y} z${zoom} ${ms}`));
  const view = { viewport: { width: 1000, height: 600 } };
  return { director: new LayoutDirector(supervisor, view, signals), calls, placed };
}

describe('LayoutDirector', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reheats the force layout with link lengths 20 and 80 and fits when it settles', () => {
    const { director, calls } = setUp();
    director.set('force', model);
    expect(FORCE_PARAMS).toMatchObject({ companyLinkLength: 20, otherLinkLength: 80 });
    expect(calls).toEqual(['reheat reheat 20/80 charge -30', 'fit 400 60 settled']);
  });

  it('holds the circular layout for 2 s, viewed at zoom 1 on the origin, then releases it', () => {
    const { director, calls, placed } = setUp();
    director.set('circular', model);
    expect(calls).toEqual(['pin', 'fly 0,0 z1 400']);
    expect(placed).toHaveLength(1);
    vi.advanceTimersByTime(1999);
    expect(calls).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(calls.at(-1)).toBe('release 20/80');
  });

  it('holds the hierarchical layout for 3 s and fits it at once', () => {
    const { director, calls } = setUp();
    director.set('hierarchical', model);
    expect(calls).toEqual(['pin', 'fit 400 60 now']);
    vi.advanceTimersByTime(2999);
    expect(calls).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(calls.at(-1)).toBe('release 20/80');
  });

  it('releases a held layout at once when the force layout is chosen', () => {
    const { director, calls } = setUp();
    director.set('circular', model);
    director.set('force', model);
    expect(calls.slice(2)).toEqual(['release 20/80', 'fit 400 60 settled']);
    vi.advanceTimersByTime(5000);
    expect(calls).toHaveLength(4);
  });

  it('reheats with the spec forces when companies are selected, and fits over 500 ms with padding 50', () => {
    const { director, calls } = setUp();
    director.selectGroups(true);
    expect(calls).toEqual(['reheat reheat 100/100 charge -400', 'fit 500 50 settled']);
    director.selectGroups(false);
    expect(calls.at(-1)).toBe('reheat reheat 30/30 charge -100');
  });

  it('keeps a held layout still on a selection change and uses the new forces on release', () => {
    const { director, calls } = setUp();
    director.set('hierarchical', model);
    director.selectGroups(true);
    expect(calls).toHaveLength(2);
    vi.advanceTimersByTime(3000);
    expect(calls.at(-1)).toBe('release 100/100');
  });
});
