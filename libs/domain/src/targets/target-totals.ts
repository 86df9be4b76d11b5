import type { TargetResultRow, TargetTotals } from '@warmpath/contracts';

// docs/targets.md#totals: a list's coverage over every ranked row, whatever page is shown.

/**
 * Targets covered, covered by the warmth band of their best tie, and per member the targets they
 * open (best or other connector of the row), most first (then lower user id). Rows come from
 * matchTargets, so a counts-only member is never a connector here either.
 */
export function summariseTargetResults(rows: readonly TargetResultRow[]): TargetTotals {
  const byBand = { strong: 0, medium: 0, weak: 0 };
  const opened = new Map<number, number>();
  let covered = 0;
  for (const row of rows) {
    if (!row.covered) continue;
    covered++;
    if (row.warmthBand) byBand[row.warmthBand]++;
    for (const connector of connectorsOfRow(row)) opened.set(connector, (opened.get(connector) ?? 0) + 1);
  }
  const byConnector = [...opened]
    .map(([userId, targets]) => ({ userId, targets }))
    .sort((a, b) => b.targets - a.targets || a.userId - b.userId);
  return { covered, byBand, byConnector };
}

/** The user ids of a row's connectors, the best first. */
export function connectorsOfRow(row: TargetResultRow): number[] {
  const ids = row.otherConnectors.map((connector) => connector.userId);
  return row.bestConnector ? [row.bestConnector.userId, ...ids] : ids;
}
