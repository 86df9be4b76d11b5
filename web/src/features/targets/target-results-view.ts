import type { TargetResultRow } from '@warmpath/contracts';

/** How the results table orders its rows; `rank` keeps the server's ranking (rankTargetResults). */
export type TargetSort = 'rank' | 'warmth' | 'seniority' | 'connectors';
export type TargetCoverage = 'all' | 'covered' | 'uncovered';

export interface TargetFilter {
  coverage: TargetCoverage;
  /** Only targets this member opens (is a connector of); null: anyone. */
  connector: number | null;
}

const warmth = (row: TargetResultRow) => row.bestConnector?.bestWarmth ?? -1;
const seniority = (row: TargetResultRow) => Math.max(0, ...row.people.map((person) => person.seniority));
export const connectorCount = (row: TargetResultRow) =>
  (row.bestConnector ? 1 : 0) + row.otherConnectors.length;

/** The members who open a target: the best connector first. */
export function connectorsOf(row: TargetResultRow) {
  return row.bestConnector ? [row.bestConnector, ...row.otherConnectors] : row.otherConnectors;
}

const KEYS: Record<Exclude<TargetSort, 'rank'>, (row: TargetResultRow) => number> = {
  warmth,
  seniority,
  connectors: connectorCount,
};

/** The rows ordered by `sort`, highest first; ties keep the ranking. */
export function sortTargetRows(rows: readonly TargetResultRow[], sort: TargetSort): TargetResultRow[] {
  if (sort === 'rank') return [...rows];
  const key = KEYS[sort];
  return rows
    .map((row, index) => ({ row, index, value: key(row) }))
    .sort((a, b) => b.value - a.value || a.index - b.index)
    .map(({ row }) => row);
}

export function filterTargetRows(rows: readonly TargetResultRow[], filter: TargetFilter): TargetResultRow[] {
  return rows.filter(
    (row) =>
      (filter.coverage === 'all' || row.covered === (filter.coverage === 'covered')) &&
      (filter.connector === null || connectorsOf(row).some((c) => c.userId === filter.connector)),
  );
}

/** Every member who opens at least one target, most targets first. */
export function connectorsInResults(rows: readonly TargetResultRow[]): number[] {
  const counts = new Map<number, number>();
  for (const row of rows)
    for (const c of connectorsOf(row)) counts.set(c.userId, (counts.get(c.userId) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([userId]) => userId);
}
