import type { Connection } from '@warmpath/contracts';

const BAND_RANK = { strong: 3, medium: 2, weak: 1 } as const;

/** A tie's place in a "Strength" sort: the band first, then the score; no strength lowest. */
function rank(connection: Pick<Connection, 'strength'>): [number, number] {
  const { strength } = connection;
  if (!strength) return [0, -1];
  return [BAND_RANK[strength.band], strength.score ?? -1];
}

/** Weakest first (antd's ascend); a score hidden by a sharing level sorts below its band's scores. */
export function compareStrength(a: Pick<Connection, 'strength'>, b: Pick<Connection, 'strength'>): number {
  const [bandA, scoreA] = rank(a);
  const [bandB, scoreB] = rank(b);
  return bandA - bandB || scoreA - scoreB;
}

export type StrengthOrder = 'ascend' | 'descend' | null;

/**
 * The table's rows in the chosen strength order; your own row stays first (docs/product.md#graph-and-table).
 * Without an order, the rows as they came.
 */
export function sortByStrength<C extends Pick<Connection, 'strength' | 'isUser'>>(
  rows: readonly C[],
  order: StrengthOrder,
): readonly C[] {
  if (!order) return rows;
  const sign = order === 'ascend' ? 1 : -1;
  return [...rows].sort((a, b) => Number(b.isUser) - Number(a.isUser) || sign * compareStrength(a, b));
}
