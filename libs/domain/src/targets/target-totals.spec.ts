import { describe, expect, it } from '@jest/globals';
import type { TargetConnector } from '@warmpath/contracts';
import { resultRow } from '../../test/build-target-row.js';
import { summariseTargetResults } from './target-totals.js';

const connector = (userId: number, bestWarmth = 0.5): TargetConnector => ({
  userId,
  peopleCount: 1,
  bestWarmth,
  personId: `p${userId}`,
});

describe('summariseTargetResults (docs/targets.md#totals)', () => {
  it('is all zero for no rows or only uncovered ones', () => {
    const empty = { covered: 0, byBand: { strong: 0, medium: 0, weak: 0 }, byConnector: [] };
    expect(summariseTargetResults([])).toEqual(empty);
    expect(summariseTargetResults([resultRow(1), resultRow(2)])).toEqual(empty);
  });

  it('counts covered targets by band and every connector of a row, most targets first', () => {
    const totals = summariseTargetResults([
      resultRow(1, [connector(7, 0.8), connector(3, 0.5)]),
      resultRow(2, [connector(3, 0.65)]),
      resultRow(3),
      resultRow(4, [connector(5, 0.4), connector(7, 0.3)]),
      resultRow(5, [connector(9, 0.71)]),
    ]);
    expect(totals.covered).toBe(4);
    expect(totals.byBand).toEqual({ strong: 2, medium: 1, weak: 1 });
    // 3 and 7 open two targets each (lower id first on a tie), then 5 and 9 one.
    expect(totals.byConnector).toEqual([
      { userId: 3, targets: 2 },
      { userId: 7, targets: 2 },
      { userId: 5, targets: 1 },
      { userId: 9, targets: 1 },
    ]);
  });
});
