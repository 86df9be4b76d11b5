import { describe, expect, it } from '@jest/globals';
import type { TargetConnector } from '@warmpath/contracts';
import {
  countNewWaysIn,
  isNewWayIn,
  markNewWaysIn,
  newWaysInSince,
  targetSeenSnapshot,
} from './target-seen.js';
import { resultRow } from '../../test/build-target-row.js';

const by = (...ids: number[]): TargetConnector[] =>
  ids.map((userId) => ({ userId, peopleCount: 1, bestWarmth: 0.5, personId: `p${userId}` }));

describe('new ways in (docs/targets.md#new-ways-in)', () => {
  const then = [resultRow(1, by(7, 3)), resultRow(2), resultRow(3, by(5))];

  it('keeps the covered lines with their connectors, ascending; uncovered lines are absent', () => {
    expect(targetSeenSnapshot(then)).toEqual({ '1': [3, 7], '3': [5] });
  });

  it('marks nothing new when nothing changed, whatever the connectors order', () => {
    const snapshot = targetSeenSnapshot(then);
    const now = [resultRow(1, by(3, 7)), resultRow(2), resultRow(3, by(5))];
    expect(countNewWaysIn(now, snapshot)).toBe(0);
    expect(markNewWaysIn(now, snapshot).map((row) => row.isNew)).toEqual([false, false, false]);
  });

  it('marks a target covered now and not then, and one with a new connector', () => {
    const snapshot = targetSeenSnapshot(then);
    const now = [resultRow(1, by(7, 3, 9)), resultRow(2, by(3)), resultRow(3, by(5))];
    expect(now.map((row) => isNewWayIn(row, snapshot))).toEqual([true, true, false]);
    expect(countNewWaysIn(now, snapshot)).toBe(2);
  });

  it('does not count a way in lost (uncovered now, or a connector gone)', () => {
    const snapshot = targetSeenSnapshot(then);
    const now = [resultRow(1, by(7)), resultRow(2), resultRow(3)];
    expect(countNewWaysIn(now, snapshot)).toBe(0);
  });

  it('sets no isNew before the first seen', () => {
    const rows = markNewWaysIn(then, null);
    expect(rows.map((row) => 'isNew' in row)).toEqual([false, false, false]);
  });
});

describe('newWaysInSince', () => {
  it('counts between two snapshots as countNewWaysIn does between rows and a snapshot', () => {
    const then = targetSeenSnapshot([resultRow(1, by(7, 3)), resultRow(2), resultRow(3, by(5))]);
    const rows = [resultRow(1, by(7, 3, 9)), resultRow(2, by(3)), resultRow(3, by(5)), resultRow(4)];
    expect(newWaysInSince(targetSeenSnapshot(rows), then)).toBe(countNewWaysIn(rows, then));
    expect(newWaysInSince(then, then)).toBe(0);
    expect(newWaysInSince(then, {})).toBe(2);
  });
});
