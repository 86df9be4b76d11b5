import type { TargetResultRow } from '@warmpath/contracts';
import { connectorsOfRow } from './target-totals.js';

// docs/targets.md#new-ways-in: what a reader saw of a list when they last marked it seen.

/**
 * The covered targets of a list as one reader saw them: line → the user ids of its connectors
 * (best and others, ascending). A line that is absent was not covered. Kept per list and reader.
 */
export type TargetSeenSnapshot = Readonly<Record<string, readonly number[]>>;

export function targetSeenSnapshot(rows: readonly TargetResultRow[]): TargetSeenSnapshot {
  const snapshot: Record<string, number[]> = {};
  for (const row of rows)
    if (row.covered) snapshot[String(row.target.line)] = connectorsOfRow(row).sort((a, b) => a - b);
  return snapshot;
}

/** A new way in: covered now and not then, or a connector now who was not one then. */
export function isNewWayIn(row: TargetResultRow, snapshot: TargetSeenSnapshot): boolean {
  if (!row.covered) return false;
  const then = snapshot[String(row.target.line)];
  if (!then) return true;
  return connectorsOfRow(row).some((userId) => !then.includes(userId));
}

/** How many targets of `rows` (all of a list's) are new ways in since the snapshot. */
export function countNewWaysIn(rows: readonly TargetResultRow[], snapshot: TargetSeenSnapshot): number {
  let count = 0;
  for (const row of rows) if (isNewWayIn(row, snapshot)) count++;
  return count;
}

/** The rows with `isNew` set against the snapshot; as they are when there is none (never seen). */
export function markNewWaysIn(
  rows: readonly TargetResultRow[],
  snapshot: TargetSeenSnapshot | null,
): TargetResultRow[] {
  if (snapshot === null) return [...rows];
  return rows.map((row) => ({ ...row, isNew: isNewWayIn(row, snapshot) }));
}

/** New ways in between two snapshots of one list: lines covered in `now` and not in `then`, or with a new connector. */
export function newWaysInSince(now: TargetSeenSnapshot, then: TargetSeenSnapshot): number {
  let count = 0;
  for (const [line, connectors] of Object.entries(now)) {
    const before = then[line];
    if (!before || connectors.some((userId) => !before.includes(userId))) count++;
  }
  return count;
}
